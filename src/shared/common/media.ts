/**
 * Public images come in two sizes: the original (at most 1600 px wide) and a narrower copy stored
 * beside it, named like the original with `.w<width>` before the extension
 * (`public/<uuid>.webp` -> `public/<uuid>.w720.webp`). Pages offer the copy where the image is
 * shown small, so a phone fetches a few kilobytes instead of the original.
 */

/** The copy made of each kind of image: banners for cards and phones, avatars for 32-44 px. */
export const MEDIA_WIDTH = { banner: 720, avatar: 128 } as const;

/** Every width a copy may have (the media endpoint makes no other). */
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
