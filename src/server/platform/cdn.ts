/**
 * CDN caching of on-demand pages: browsers always revalidate, Netlify's CDN keeps a copy and
 * serves it stale while it refreshes, and every page names the cache tags an edit purges.
 */
import { purgeCache } from "@netlify/functions";
import type { Env } from "./env";
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

/** The headers setCdnCache sets, for an answer made by respond(). */
export function cdnCache(tags: string[], maxAgeSeconds = 300): Record<string, string> {
  const headers = new Headers();
  setCdnCache(headers, tags, maxAgeSeconds);
  return Object.fromEntries(headers);
}

/** The CDN port: what an edit does to the cached pages that show it. */
export interface Cdn {
  /** Purges cached pages by tag; a failure is logged, never thrown (the edit itself is saved). */
  purge(tags: string[]): Promise<void>;
}

/** No CDN (locally, and for scripts and tests that do not watch purges): nothing to purge. */
export const noCdn: Cdn = { purge: async () => {} };

/**
 * Netlify's CDN. On Netlify the functions runtime supplies the credentials (SITE_ID is set
 * there); elsewhere an API token may be given. Without either there is no CDN: nothing to purge.
 */
export function netlifyCdn(e: Pick<Env, "purge">): Cdn {
  if (!e.purge.siteId && !e.purge.token) return noCdn;
  return { purge: (tags) => purgeTags(e, tags) };
}

async function purgeTags(e: Pick<Env, "purge">, tags: string[]): Promise<void> {
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
