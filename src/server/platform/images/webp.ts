/** Re-encoding of uploaded pictures with sharp. */

/** The widest an uploaded picture is kept. */
export const MAX_IMAGE_WIDTH = 1600;

/**
 * Re-encodes a picture as WebP, turned upright and at most MAX_IMAGE_WIDTH wide. Throws when sharp
 * cannot read the bytes as a picture (the caller says so in its own words).
 */
export async function toWebp(bytes: Uint8Array): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  const out = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" })
    .rotate()
    .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return new Uint8Array(out);
}
