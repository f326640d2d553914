/**
 * Images for the demo posts, drawn at seed time: a branded banner per post (the category's
 * colours and icon, with a pattern that varies per post) and an initials avatar per author.
 * Drawn as SVG and turned into WebP with sharp, so the demo blog looks like a real one without
 * shipping binary files.
 */
import type { Category } from "../../src/shared/blog/blog";

export const BANNER = { width: 1200, height: 630 } as const;
export const AVATAR = { width: 192, height: 192 } as const;

const PALETTE: Record<Category, { from: string; to: string; accent: string }> = {
  "Cloud Computing": { from: "#0848a3", to: "#2f9be8", accent: "#bfe3ff" },
  Containers: { from: "#0b4f63", to: "#14a3b8", accent: "#b8f1f8" },
  Servers: { from: "#101b2f", to: "#3b4d6b", accent: "#c9d6ea" },
  "Data Science": { from: "#4c1d95", to: "#8b5cf6", accent: "#e2d6ff" },
  Networking: { from: "#065f46", to: "#10b981", accent: "#c6f6e3" },
  "Artificial Intelligence": { from: "#8a1551", to: "#e0528f", accent: "#ffd3e6" },
};

/** Icons on a 24-unit grid, drawn with white strokes. */
const ICONS: Record<Category, string> = {
  "Cloud Computing": `<path d="M7 18.5a4.5 4.5 0 0 1-.7-8.95A6 6 0 0 1 17.6 8.3a4.6 4.6 0 0 1-.4 10.2H7Z"/>
    <path d="M12 11v5m-2.2-2.2L12 16l2.2-2.2"/>`,
  Containers: `<rect x="3" y="4" width="18" height="6.5" rx="1"/><rect x="3" y="13.5" width="8" height="6.5" rx="1"/>
    <rect x="13" y="13.5" width="8" height="6.5" rx="1"/><path d="M7 6v2.5M10.5 6v2.5M14 6v2.5M17.5 6v2.5"/>`,
  Servers: `<rect x="3" y="3" width="18" height="5" rx="1"/><rect x="3" y="9.5" width="18" height="5" rx="1"/>
    <rect x="3" y="16" width="18" height="5" rx="1"/><path d="M6.5 5.5h.01M6.5 12h.01M6.5 18.5h.01M11 5.5h6M11 12h6M11 18.5h6"/>`,
  "Data Science": `<path d="M4 20.5h16.5"/><rect x="5" y="13" width="3" height="7.5"/><rect x="10.75" y="9" width="3" height="11.5"/>
    <rect x="16.5" y="11.5" width="3" height="9"/><path d="M4 9.5 9 5.5l4 3 7-5.5"/>`,
  Networking: `<circle cx="12" cy="4.5" r="2"/><circle cx="4.5" cy="18.5" r="2"/><circle cx="19.5" cy="18.5" r="2"/>
    <circle cx="12" cy="12.5" r="2.2"/><path d="M12 6.5v3.8M6.2 17.3l4-3.4M17.8 17.3l-4-3.4M6.5 18.5h11"/>`,
  "Artificial Intelligence": `<rect x="6" y="6" width="12" height="12" rx="2"/>
    <path d="M9 2.5V6M12 2.5V6M15 2.5V6M9 18v3.5M12 18v3.5M15 18v3.5M2.5 9H6M2.5 12H6M2.5 15H6M18 9h3.5M18 12h3.5M18 15h3.5"/>
    <path d="M9.5 14.5l1.6-5h1.8l1.6 5M10.1 12.8h3.8"/>`,
};

/** A small deterministic generator, so a post's pattern is the same on every seed. */
function random(seed: number) {
  let s = seed * 9301 + 49297;
  return () => {
    s = (s * 9301 + 49297) % 233280;
    return s / 233280;
  };
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function bannerSvg(category: Category, variant: number): string {
  const { from, to, accent } = PALETTE[category];
  const { width: w, height: h } = BANNER;
  const rnd = random(variant + 1);
  const rings = Array.from({ length: 5 }, (_, i) => {
    const r = 90 + rnd() * 220;
    const cx = i % 2 ? 80 + rnd() * 380 : w - 60 - rnd() * 300;
    const cy = rnd() * h;
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="none" stroke="${accent}" stroke-opacity="${(0.1 + rnd() * 0.12).toFixed(2)}" stroke-width="${(2 + rnd() * 10).toFixed(0)}"/>`;
  }).join("");
  // A dot grid in one corner; which corner depends on the post.
  const right = variant % 2 === 1;
  const dots = Array.from({ length: 7 }, (_, y) =>
    Array.from({ length: 9 }, (_, x) => {
      const px = right ? w - 40 - x * 34 : 40 + x * 34;
      const py = right ? h - 40 - y * 34 : 40 + y * 34;
      return `<circle cx="${px}" cy="${py}" r="2.4" fill="#fff" fill-opacity="${x + y < 7 ? 0.3 : 0.1}"/>`;
    }).join(""),
  ).join("");
  const angle = (20 + ((variant * 37) % 50)).toFixed(0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx=".5" cy=".5" r=".5">
      <stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${rings}
  <g>${dots}</g>
  <circle cx="${w / 2}" cy="${h / 2 - 10}" r="250" fill="url(#glow)"/>
  <rect x="${w / 2 - 130}" y="${h / 2 - 140}" width="260" height="260" rx="48" fill="#fff" fill-opacity=".14" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>
  <g transform="translate(${w / 2 - 84} ${h / 2 - 94}) scale(7)" fill="none" stroke="#fff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">
    ${ICONS[category]}
  </g>
  <text x="${w / 2}" y="${h - 70}" text-anchor="middle" font-family="Inter, DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" font-weight="700" letter-spacing="6" fill="#fff">${escapeXml(category.toUpperCase())}</text>
</svg>`;
}

const AVATAR_COLOURS = [
  "#0b5fd4",
  "#0e7490",
  "#6d28d9",
  "#047857",
  "#b42318",
  "#a1441b",
  "#334155",
  "#9d174d",
];

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "?";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

export function avatarSvg(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const bg = AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
  const { width: w, height: h } = AVATAR;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${bg}" stop-opacity=".78"/>
  </linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#a)"/>
  <text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="Inter, DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="#fff">${escapeXml(initials(name))}</text>
</svg>`;
}

/** Rasterises an SVG to WebP. sharp is loaded only when images are drawn (never in functions). */
export async function svgToWebp(svg: string, quality = 78): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  const buf = await sharp(Buffer.from(svg)).webp({ quality, effort: 4 }).toBuffer();
  return new Uint8Array(buf);
}
