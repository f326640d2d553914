/**
 * The feed of subprocessor changes (RSS 2.0), so a client can follow them: rendered on demand and
 * cached by the CDN until the next change (tag "trust").
 */
import type { APIRoute } from "astro";
import { site } from "../../config/site";
import { TRUST_PATH } from "../../config/trust";
import { withDb } from "../../server/platform/db/page-db";
import { setCdnCache } from "../../server/platform/cdn";
import { TRUST_TAGS } from "../../server/trust/cache-tags";
import { subprocessorChanges } from "../../server/trust/subprocessors";
import { subprocessorFeed } from "../../shared/trust/feed";

export const prerender = false;

export const GET: APIRoute = async ({ site: base }) => {
  const changes = await withDb((db) => subprocessorChanges({ db }));
  const res = new Response(
    subprocessorFeed({
      base: base?.toString() ?? "http://localhost:4321",
      company: site.name,
      page: TRUST_PATH,
      changes,
    }),
    { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } },
  );
  setCdnCache(res.headers, TRUST_TAGS);
  return res;
};
