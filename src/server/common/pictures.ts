/**
 * Uploaded pictures (a post's images, a staff member's profile image) are never kept as uploaded:
 * each is decoded and re-encoded (WebP, turned upright, at most 1600 px wide, at most
 * MAX_IMAGE_MEGAPIXELS decoded, from the memory a function has; src/server/platform/images/webp.ts), which drops any metadata such as EXIF
 * and its location, and refuses a file that does not decode in full. It is stored once: pages
 * ask the Image CDN for the sizes they show (src/shared/common/media.ts).
 */
import { Invalid } from "./errors";
import { log } from "../platform/log";
import { withVariants } from "../platform/images/media-variants";
import { MAX_IMAGE_MEGAPIXELS, PictureTooLarge, toWebp } from "../platform/images/webp";
import { newKey, type Storage } from "../platform/storage/storage";

/**
 * Re-encodes a picture; one with more pixels than a function can decode, or that cannot be read as
 * a picture, is Invalid, named by `label`.
 */
export async function reencodePicture(bytes: Uint8Array, label: string): Promise<Uint8Array> {
  try {
    return await toWebp(bytes);
  } catch (err) {
    if (err instanceof PictureTooLarge)
      throw new Invalid(
        `${label} is too large: at most ${MAX_IMAGE_MEGAPIXELS} megapixels (it has ${err.width} x ${err.height} pixels). Please choose a smaller picture.`,
      );
    throw new Invalid(`${label} could not be read as a picture. Please choose another file.`);
  }
}

/** Stores re-encoded WebP bytes under a new public key; the key. */
export async function storePicture(storage: Storage, webp: Uint8Array): Promise<string> {
  const key = newKey("public", "webp");
  try {
    await storage.put(key, webp, "image/webp");
  } catch (err) {
    await removePictures(storage, [key]);
    throw err;
  }
  return key;
}

/**
 * Best-effort removal of pictures and their copies: a leftover object is logged, never an error
 * for the person editing.
 */
export async function removePictures(storage: Storage, keys: (string | null | undefined)[]) {
  for (const key of keys.flatMap((k) => (k ? withVariants(k) : []))) {
    await storage
      .delete(key)
      .catch((err: unknown) => log.warn("object removal failed", { error: String(err) }));
  }
}
