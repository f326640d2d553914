/**
 * A post's banner preview: a small copy of the banner (WebP, a few kB, base64) stored with the post
 * (db/022_post_banner_preview.sql). The blog's first card carries it in the page itself, behind
 * its picture (src/components/blog/BannerPreviewStyle.astro): the visitor sees the picture, softer, with
 * the page's first paint, and the full-size one replaces it when it arrives, a request later.
 *
 * Made when a banner is saved (post-images.ts), and for posts saved before the column by the
 * start-up and `npm run db:migrate` (previewMissingBanners); read by the blog page
 * (storedBannerPreview in posts.ts, which needs no codec).
 */
import type { Db } from "../platform/db/db";
import { log } from "../platform/log";
import type { Storage } from "../platform/storage/storage";

/**
 * The widths tried, in order, and the most bytes a preview may have: the first that fits is kept.
 * 400 px is at least as wide as a card shows its picture on a phone held upright (396 CSS px on a
 * 430 px screen) and on a wide screen (318 px; blog.css, PostCard.astro): there a browser counts
 * the preview as the picture itself (Chromium discounts a picture shown larger than it is when it
 * judges the largest paint). A drawing fits at 400 px; a detailed photograph may only fit
 * narrower, where it is a blur of its colours until the picture comes.
 *
 * Quality 0, libwebp's softest: the preview stands in for the picture only until the picture
 * arrives, a round trip after the page, and the page's own bytes come first. It keeps a drawing's
 * shapes, colours and lettering (looked at beside 20 and the full picture on a phone's screen),
 * at 610-730 bytes for the demo banners against 1.5-1.8 kB at 20. The limit keeps the page's
 * growth to about 0.8 kB compressed, so the blog's page with its headers fits the 14.6 kB a new
 * connection's first round trip carries (ten TCP segments; bench/latest.md).
 */
export const PREVIEW_WIDTHS = [400, 320, 240, 160, 80] as const;
export const PREVIEW_QUALITY = 0;
export const PREVIEW_MAX_BYTES = 800;

/**
 * A stored WebP banner's preview, as base64 WebP. Throws when the bytes are not a WebP picture, or
 * when no size fits.
 */
export async function bannerPreview(webp: Uint8Array): Promise<string> {
  const codecs = await import("../platform/images/codecs");
  const pixels = await codecs.decodePicture(webp, "webp");
  for (const width of PREVIEW_WIDTHS) {
    const scaled = pixels.width > width ? await codecs.resizePicture(pixels, width) : pixels;
    const bytes = await codecs.encodeWebpPicture(scaled, PREVIEW_QUALITY);
    if (bytes.length <= PREVIEW_MAX_BYTES) return Buffer.from(bytes).toString("base64");
  }
  throw new Error(`no preview of at most ${PREVIEW_MAX_BYTES} bytes`);
}

/**
 * Makes the previews of posts that have a banner and no preview (saved before previews were
 * stored), in batches. A banner that cannot be read as a picture gets '' (no preview), so it is
 * not read again at every start; one the storage does not have is left for a later run (a command
 * run without the site's storage settings sees local files only), and counted as `missing`.
 */
export async function previewMissingBanners(
  db: Db,
  storage: Storage,
  batch = 50,
): Promise<{ made: number; missing: number }> {
  let made = 0;
  let missing = 0;
  let after = 0;
  for (;;) {
    const rows = await db.query<{ id: number; image2: string }>(
      `SELECT id, image2 FROM posts WHERE image2 IS NOT NULL AND image2_preview IS NULL AND id > $2
        ORDER BY id LIMIT $1`,
      [batch, after],
    );
    for (const r of rows) {
      after = r.id;
      let preview = "";
      try {
        const stored = await storage.get(r.image2);
        if (!stored) {
          missing++;
          continue;
        }
        preview = await bannerPreview(stored.body);
      } catch (err) {
        log.warn("banner preview failed", { post: r.id, error: String(err) });
      }
      // Only for the banner read: one replaced meanwhile got its own preview when it was saved.
      await db.query("UPDATE posts SET image2_preview = $2 WHERE id = $1 AND image2 = $3", [
        r.id,
        preview,
        r.image2,
      ]);
      if (preview) made++;
    }
    if (rows.length < batch) return { made, missing };
  }
}
