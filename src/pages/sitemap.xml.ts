/**
 * sitemap.xml, rendered on demand so new blog posts and case studies appear without a rebuild. The static pages
 * are always listed; if the database cannot be reached, the posts (openings, case studies) are left
 * out for this answer.
 */
import type { APIRoute } from "astro";
import { caseStudyPath } from "../shared/site/site-content";
import { listCaseStudyPages } from "../server/site/case-studies";
import { PUBLIC_PAGES, sitemapXml, type SitemapEntry } from "../shared/common/sitemap";
import { jobPath } from "../shared/careers/job-posting";
import { SITEMAP_TAG } from "../server/platform/cdn";
import { listJobPages } from "../server/careers/jobs";
import { listPostPages, secondsUntilNextPost } from "../server/blog/posts";
import { log } from "../server/platform/log";
import { withDb } from "../server/platform/db/page-db";
import { requestClock } from "../server/platform/clock";

export const prerender = false;

export const GET: APIRoute = async ({ site, request }) => {
  const now = requestClock(request)();
  const entries: SitemapEntry[] = PUBLIC_PAGES.map((path) => ({ path }));
  let complete = true;
  try {
    // The published case studies; one published, changed or deleted purges this tag.
    for (const c of await withDb((db) => listCaseStudyPages({ db })))
      entries.push({ path: caseStudyPath(c.slug), lastmod: c.updated_at });
  } catch (err) {
    complete = false;
    log.warn("sitemap without case studies", { error: String(err) });
  }
  let maxAge = 3600;
  try {
    const posts = await withDb(async (db) => {
      maxAge = await secondsUntilNextPost({ db }, 3600, now);
      return await listPostPages({ db }, now);
    });
    for (const p of posts) {
      entries.push({ path: `/blog/${p.slug}`, lastmod: p.updated_at });
    }
  } catch (err) {
    complete = false;
    log.warn("sitemap without posts", { error: String(err) });
  }
  try {
    // Each open opening's own page; a deleted one leaves with the purge of this tag.
    for (const j of await withDb((db) => listJobPages({ db })))
      entries.push({ path: jobPath(j), lastmod: j.updated_at });
  } catch (err) {
    complete = false;
    log.warn("sitemap without openings", { error: String(err) });
  }
  return new Response(sitemapXml(site?.toString() ?? "http://localhost:4321", entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Cached briefly by the CDN; a partial answer is not cached at all.
      "Cache-Control": complete ? `public, max-age=0, s-maxage=${maxAge}` : "no-store",
      "Netlify-Cache-Tag": SITEMAP_TAG,
    },
  });
};
