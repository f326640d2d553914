/**
 * The social-preview picture, /og-image.png (1200×630), drawn by the build from
 * src/config/company.json: the artwork without a name (src/assets/og-image-base.png: the mark, the
 * headline, the drawing) with the company's `name` written beside the mark, its first word white
 * and the rest light blue, as the header's logo. sharp renders the name with the build machine's
 * fonts (DejaVu Sans Bold, else another bold sans); a long name gets a smaller size to stay clear
 * of the drawing. Should no font draw it, the picture goes out without a name (never another
 * company's) and the build says so. `astro dev` serves the same picture.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration, AstroIntegrationLogger } from "astro";
import sharp from "sharp";
import { readCompany } from "../config/company-file.mjs";
import { parseCompany } from "../config/company-schema";

export const OG_IMAGE_PATH = "/og-image.png";
const BASE = "src/assets/og-image-base.png";

const WIDTH = 1200;
const HEIGHT = 630;
/** Where the name starts, the middle of the mark beside it, its largest size and how far right it may reach. */
const LEFT = 156;
const MIDDLE = 96;
const SIZE = 34;
const RIGHT = 668;

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function nameSvg(name: string, size: number): Buffer {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const tail = rest.length > 0 ? `<tspan fill="#9dc3fe"> ${escapeXml(rest.join(" "))}</tspan>` : "";
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      `<text x="${LEFT}" y="${MIDDLE + Math.round(size * 0.36)}" font-family="DejaVu Sans, Verdana, Arial, Helvetica, sans-serif" ` +
      `font-size="${size}" font-weight="700" fill="#ffffff" xml:space="preserve">${escapeXml(first)}${tail}</text></svg>`,
  );
}

/** The right edge of what the text drew, or undefined when it drew nothing (no font). */
async function inkRight(svg: Buffer): Promise<number | undefined> {
  const { data, info } = await sharp(svg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let right: number | undefined;
  for (let y = 0; y < info.height; y++)
    for (let x = info.width - 1; x > (right ?? -1); x--)
      if (data[(y * info.width + x) * info.channels + 3]! > 0) {
        right = x;
        break;
      }
  return right;
}

/** The picture with `name` written on `base`; `named` is false when no font could draw it. */
export async function drawOgImage(base: Buffer, name: string): Promise<{ png: Buffer; named: boolean }> {
  let size = SIZE;
  let svg = nameSvg(name, size);
  let right = await inkRight(svg);
  if (right !== undefined && right > RIGHT) {
    size = Math.max(16, Math.floor((SIZE * (RIGHT - LEFT)) / (right - LEFT)));
    svg = nameSvg(name, size);
    right = await inkRight(svg);
  }
  const image = sharp(base);
  if (right !== undefined) image.composite([{ input: svg, top: 0, left: 0 }]);
  const png = await image.png({ compressionLevel: 9, palette: true, quality: 100 }).toBuffer();
  return { png, named: right !== undefined };
}

async function draw(root: string, logger: AstroIntegrationLogger): Promise<Buffer> {
  const { name } = parseCompany(readCompany(root));
  const { png, named } = await drawOgImage(await readFile(path.join(root, BASE)), name);
  if (!named) logger.warn(`no font could write "${name}" on ${OG_IMAGE_PATH}: it goes out without the name`);
  return png;
}

export default function ogImage(): AstroIntegration {
  let root = process.cwd();
  return {
    name: "og-image",
    hooks: {
      "astro:config:done": ({ config }) => {
        root = fileURLToPath(config.root);
      },
      "astro:server:setup": ({ server, logger }) => {
        server.middlewares.use(OG_IMAGE_PATH, (_req, res, next) => {
          draw(root, logger).then((png) => {
            res.setHeader("Content-Type", "image/png");
            res.end(png);
          }, next);
        });
      },
      "astro:build:done": async ({ dir, logger }) => {
        await writeFile(path.join(fileURLToPath(dir), OG_IMAGE_PATH), await draw(root, logger));
        logger.info(`${OG_IMAGE_PATH} drawn with the company's name`);
      },
    },
  };
}
