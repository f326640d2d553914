/**
 * The narrower copies stored beside images uploaded before the Image CDN made the sizes
 * (src/shared/common/media.ts): removed with their image.
 */
import { MEDIA_WIDTHS, mediaVariant } from "../../../shared/common/media";

/** An image's key with the keys of every copy it may have: what to remove with it. */
export function withVariants(key: string): string[] {
  return key.startsWith("public/") ? [key, ...MEDIA_WIDTHS.map((w) => mediaVariant(key, w))] : [key];
}
