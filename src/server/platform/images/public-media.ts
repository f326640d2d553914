/**
 * Public media as stored (src/shared/common/media.ts): an original, or a narrower copy stored
 * beside an image uploaded before the Image CDN made the sizes. A copy that was never stored is
 * the CDN's to make: its address there, when its original exists.
 */
import { imageCdnUrl, mediaOriginal } from "../../../shared/common/media";
import { log } from "../log";
import type { Storage, StoredObject } from "../storage/storage";

export type PublicMedia = { object: StoredObject } | { cdn: string } | null;

/** A public image, or where the Image CDN makes the copy asked for; null when neither exists. */
export async function readPublicMedia(storage: Storage, key: string): Promise<PublicMedia> {
  try {
    const object = await storage.get(key);
    if (object) return { object };
    const copy = mediaOriginal(key);
    if (copy && (await storage.get(copy.original)))
      return { cdn: imageCdnUrl(`/api/media/${copy.original}`, copy.width) };
    return null;
  } catch (err) {
    log.error("image not read from storage", { error: String(err) });
    return null;
  }
}
