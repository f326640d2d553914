/**
 * The narrower copies of public images (src/shared/common/media.ts): made when an image is stored, and
 * made on first request for an image stored before it had one.
 */
import { MEDIA_WIDTHS, mediaVariant } from "../../../shared/common/media";
import type { Storage } from "../storage/storage";

/** Scales WebP bytes down to `width` (never up). */
export async function scaleDown(bytes: Uint8Array, width: number): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  const out = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  return new Uint8Array(out);
}

/** Stores the copy of an image at `width`; returns its key. */
export async function storeVariant(
  storage: Storage,
  key: string,
  bytes: Uint8Array,
  width: number,
): Promise<string> {
  const copy = mediaVariant(key, width);
  await storage.put(copy, await scaleDown(bytes, width), "image/webp");
  return copy;
}

/** An image's key with the keys of every copy it may have: what to remove with it. */
export function withVariants(key: string): string[] {
  return key.startsWith("public/") ? [key, ...MEDIA_WIDTHS.map((w) => mediaVariant(key, w))] : [key];
}
