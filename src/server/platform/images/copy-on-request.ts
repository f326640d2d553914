/** Public media served from storage, with the narrower copies made on first request. */
import { mediaOriginal } from "../../../shared/common/media";
import { log } from "../log";
import type { Storage, StoredObject } from "../storage/storage";
import { storeVariant } from "./media-variants";

/**
 * A narrower copy that does not exist yet (an image stored before copies were made) is made from
 * its original, stored, and returned; only the widths of MEDIA_WIDTHS are ever made.
 */
async function copyOnFirstRequest(storage: Storage, key: string): Promise<StoredObject | null> {
  const variant = mediaOriginal(key);
  const original = variant && (await storage.get(variant.original));
  if (!variant || !original) return null;
  try {
    await storeVariant(storage, variant.original, original.body, variant.width);
  } catch (err) {
    // An original sharp cannot read (a profile picture stored as uploaded): no copy, a 404.
    log.warn("image copy not made", { error: String(err) });
    return null;
  }
  return storage.get(key);
}

/** A public image or its copy; null when it does not exist or storage cannot be read. */
export async function readPublicMedia(storage: Storage, key: string): Promise<StoredObject | null> {
  try {
    return (await storage.get(key)) ?? (await copyOnFirstRequest(storage, key));
  } catch (err) {
    log.error("image not read from storage", { error: String(err) });
    return null;
  }
}
