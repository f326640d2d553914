/**
 * A post's pictures: optimised (WebP, at most 1600 px wide) and stored with a narrower copy. A file
 * is stored only after it was read as a picture, and removed again when the row is not written; a
 * replaced or deleted image is removed only after the row no longer points at it.
 */
import type { Deps } from "../common/deps";
import { checkFilesTotal, checkUpload } from "../common/files";
import { reencodePicture, removePictures, storePicture } from "../common/pictures";
import { log } from "../platform/log";
import type { Storage } from "../platform/storage/storage";
import { bannerPreview } from "./banner-preview";

/** An uploaded picture whose kind was judged by its bytes. */
export interface ImageFile {
  bytes: Uint8Array;
}

export interface PostImages {
  image1?: ImageFile | undefined;
  image2?: ImageFile | undefined;
}

/** The stored images' keys, and the banner's preview (base64 WebP) when one was asked for. */
export type ImageKeys = { image1?: string; image2?: string; image2Preview?: string | null };

const IMAGE_LABELS = { image1: "Profile Image", image2: "Banner Image" } as const;

/** The kinds of file a post's pictures may be. */
export const IMAGE_KINDS = ["png", "jpg", "webp"] as const;

/** A post's two optional pictures as uploaded, judged by their bytes, one by one and together. */
export async function checkPostImages(files: { image1?: unknown; image2?: unknown }): Promise<PostImages> {
  const check = (field: "image1" | "image2") =>
    checkUpload(files[field], { kinds: IMAGE_KINDS, field, label: IMAGE_LABELS[field] });
  const image1 = await check("image1");
  const image2 = await check("image2");
  checkFilesTotal([image1, image2], "The two images");
  return { image1, image2 };
}

/**
 * Re-encodes and stores the given images; returns their new keys, and with `preview` the banner's
 * preview (banner-preview.ts; null when it could not be made: the start-up makes it then).
 * Nothing is stored on error.
 */
export async function storeImages(
  storage: Storage,
  images: PostImages,
  opts: { preview?: boolean } = {},
): Promise<ImageKeys> {
  const slots = (["image1", "image2"] as const).filter((s) => images[s]);
  const optimised = await Promise.all(slots.map((s) => reencodePicture(images[s]!.bytes, IMAGE_LABELS[s])));
  const keys: ImageKeys = {};
  const banner = optimised[slots.indexOf("image2")];
  if (opts.preview && banner) keys.image2Preview = await previewOrNull(banner);
  try {
    for (const [i, slot] of slots.entries()) keys[slot] = await storePicture(storage, optimised[i]!);
  } catch (err) {
    await removeObjects(storage, [keys.image1, keys.image2]);
    throw err;
  }
  return keys;
}

async function previewOrNull(webp: Uint8Array): Promise<string | null> {
  try {
    return await bannerPreview(webp);
  } catch (err) {
    log.warn("banner preview failed", { error: String(err) });
    return null;
  }
}

/**
 * Best-effort removal of images and their copies: a leftover object is logged, never an error for
 * the person editing.
 */
export const removeObjects = removePictures;

/**
 * Stores the images, then runs `write` with their keys; when `write` fails the new images are
 * removed again and its error (a slug clash becomes `clash()`) is thrown.
 */
export async function withStoredImages<T>(
  deps: Pick<Deps, "storage">,
  images: PostImages,
  write: (keys: ImageKeys) => Promise<T>,
  clash: (err: unknown) => Error | undefined,
): Promise<T> {
  const keys = await storeImages(deps.storage, images, { preview: true });
  try {
    return await write(keys);
  } catch (err) {
    await removeObjects(deps.storage, [keys.image1, keys.image2]);
    throw clash(err) ?? err;
  }
}
