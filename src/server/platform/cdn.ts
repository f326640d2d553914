/**
 * CDN caching of on-demand pages: browsers always revalidate, Netlify's CDN keeps a copy and
 * serves it stale while it refreshes, and every page names the cache tags an edit purges.
 */
import { purgeCache } from "@netlify/functions";
import { env } from "./env";
import { log } from "./log";

/** The tag of sitemap.xml, which lists every post and opening: their edits purge it too. */
export const SITEMAP_TAG = "sitemap";

export function setCdnCache(headers: Headers, tags: string[], maxAgeSeconds = 300) {
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  // A lifetime cut short (a scheduled post goes public at its end) is never served stale after it.
  const stale = maxAgeSeconds < 300 ? "" : ", stale-while-revalidate=604800";
  headers.set("Netlify-CDN-Cache-Control", `public, durable, s-maxage=${maxAgeSeconds}${stale}`);
  headers.set("Netlify-Cache-Tag", tags.join(","));
}

/**
 * Purges cached pages by tag. On Netlify the functions runtime supplies the credentials (SITE_ID
 * is set there); elsewhere an API token may be given. Locally there is no CDN and nothing to purge.
 */
export async function purgeTags(tags: string[]): Promise<void> {
  const e = env();
  if (!e.purge.siteId && !e.purge.token) return;
  try {
    await purgeCache(
      e.purge.token
        ? {
            tags,
            token: e.purge.token,
            apiURL: e.purge.apiUrl,
            ...(e.purge.siteId ? { siteID: e.purge.siteId } : {}),
          }
        : { tags, apiURL: e.purge.apiUrl },
    );
  } catch (err) {
    // A failed purge only delays freshness until s-maxage; the edit itself is saved.
    log.warn("cache purge failed", { tags, error: String(err) });
  }
}
