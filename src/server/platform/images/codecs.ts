/**
 * The picture codecs, in WebAssembly: Squoosh's (MozJPEG, libpng through the `png` crate, libwebp,
 * and its resizer), as the jSquash packages publish them. They replace sharp (libvips) in the
 * functions that take pictures: about 340 kB zipped instead of 9.2 MB (bench/latest.md).
 *
 * Loaded on the first picture an instance re-encodes (src/server/platform/images/webp.ts imports
 * this module with `import()`), never on a cold start that has no picture to read. Each .wasm file
 * is read from data/image-codecs/ beside the folder of the function's bundle (the deployed copy:
 * scripts/bundle-functions.mjs writes it, netlify.toml ships it with those functions), or from its
 * package.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode.js";
import decodePng, { init as initPngDecode } from "@jsquash/png/decode.js";
import resizeImage, { initResize } from "@jsquash/resize";
import decodeWebp, { init as initWebpDecode } from "@jsquash/webp/decode.js";
import encodeWebp, { init as initWebpEncode } from "@jsquash/webp/encode.js";
import CODEC_FILES from "./codec-files.json";

/** Where the deployed functions find the codecs, relative to their bundle. */
export const BUILT_CODECS_DIR = "../data/image-codecs/";

export type PictureType = "jpg" | "png" | "webp";

/** A decoded picture: RGBA, 4 bytes a pixel. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A codec's compiled module: the deployed copy beside the bundle, or its package's file. */
async function compile(name: keyof typeof CODEC_FILES): Promise<WebAssembly.Module> {
  const spec = CODEC_FILES[name];
  const built = fileURLToPath(new URL(BUILT_CODECS_DIR + path.basename(spec), import.meta.url));
  const file = existsSync(built) ? built : createRequire(import.meta.url).resolve(spec);
  return WebAssembly.compile(readFileSync(file));
}

/** What MozJPEG's decoder writes to stderr while decoding: a warning there refuses the picture. */
let jpegWarnings: string[] = [];

let ready: Promise<void> | undefined;
function load(): Promise<void> {
  ready ??= (async () => {
    const [jpeg, png, webpDec, webpEnc, resize] = await Promise.all([
      compile("jpegDecode"),
      compile("pngDecode"),
      compile("webpDecode"),
      compile("webpEncode"),
      compile("resize"),
    ]);
    await Promise.all([
      // The package's typings name only the options; its code takes the module first, as here.
      (initJpegDecode as unknown as (module: WebAssembly.Module, options: object) => Promise<void>)(jpeg, {
        printErr: (line: string) => jpegWarnings.push(line),
        print: () => {},
      }),
      initPngDecode(png),
      initWebpDecode(webpDec),
      initWebpEncode(webpEnc),
      initResize(resize),
    ]);
  })().catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}

/** One decode at a time: MozJPEG's warnings are then the current picture's. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

const buffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * Decodes a picture in full, turned upright by its EXIF orientation (JPEG). Throws when the bytes
 * do not decode, or decode only in part (a JPEG cut short).
 */
export async function decodePicture(bytes: Uint8Array, type: PictureType): Promise<Pixels> {
  await load();
  return serially(async () => {
    if (type === "png") return await decodePng(buffer(bytes));
    if (type === "webp") return await decodeWebp(buffer(bytes));
    jpegWarnings = [];
    const pixels = await decodeJpeg(buffer(bytes), { preserveOrientation: true });
    if (jpegWarnings.length > 0) throw new Error(`JPEG: ${jpegWarnings.join("; ")}`);
    return pixels;
  });
}

/** The picture scaled to `width` (Lanczos), its height in proportion. */
export async function resizePicture(pixels: Pixels, width: number): Promise<Pixels> {
  await load();
  const height = Math.max(1, Math.round((pixels.height * width) / pixels.width));
  return resizeImage(pixels as ImageData, { width, height, method: "lanczos3" });
}

/** The picture as a WebP at `quality` (0 to 100). */
export async function encodeWebpPicture(pixels: Pixels, quality: number): Promise<Uint8Array> {
  await load();
  return new Uint8Array(await encodeWebp(pixels as ImageData, { quality }));
}
