/**
 * Public images are stored once, as uploaded pictures are re-encoded (WebP, at most 1600 px wide),
 * and pages ask Netlify's Image CDN for the size they show (imageCdnUrl): the CDN makes that
 * size in the format the browser takes, and caches it. (`npm start` and the rehearsal answer the
 * same address with Netlify's own Image CDN code, @netlify/images.)
 *
 * Images stored before came with a narrower copy named like the original with `.w<width>` before
 * the extension (`public/<uuid>.webp` -> `public/<uuid>.w720.webp`); pages linked to it, so the
 * media endpoint still serves a stored copy and sends a missing one's address to the CDN.
 */

/** The Image CDN's address (Netlify's, at the site's own origin). */
export const IMAGE_CDN_PATH = "/.netlify/images";

/**
 * The address of the site's image `src` (a /api/media/... path) `width` pixels wide through the
 * Image CDN; the CDN never scales an image up.
 */
export function imageCdnUrl(src: string, width: number): string {
  return `${IMAGE_CDN_PATH}?url=${encodeURIComponent(src)}&w=${Math.round(width)}`;
}

/** The narrower widths pages show: banners for cards and phones, avatars for 32-44 px (2x). */
export const MEDIA_WIDTH = { banner: 720, avatar: 128 } as const;

/** Every width a stored copy may have. */
export const MEDIA_WIDTHS: readonly number[] = Object.values(MEDIA_WIDTH);

/**
 * The path or key of a WebP image's narrower copy. Copies exist for WebP images only, so any other
 * image is its own copy (the page then offers the original rather than a link that answers 404).
 */
export function mediaVariant(pathOrKey: string, width: number): string {
  return pathOrKey.replace(/(\.webp)$/, `.w${width}$1`);
}

/**
 * The original and width of a copy's path or key, or null when it names no copy the site makes
 * (copies are WebP, of WebP originals, at MEDIA_WIDTHS only).
 */
export function mediaOriginal(pathOrKey: string): { original: string; width: number } | null {
  const m = /^(.*)\.w(\d{2,4})\.webp$/.exec(pathOrKey);
  if (!m || !MEDIA_WIDTHS.includes(Number(m[2]))) return null;
  return { original: `${m[1]}.webp`, width: Number(m[2]) };
}
