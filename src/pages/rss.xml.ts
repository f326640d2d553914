/**
 * /rss.xml: the newest public posts as an RSS 2.0 feed, each with its summary and its whole body as
 * the same sanitised HTML the post page shows; rendered on demand and cached by the CDN under the
 * "blog" tag like the blog list (no longer than until the next scheduled post goes public).
 */
import type { APIRoute } from "astro";
import { site } from "../config/site";
import { postPath, summarize } from "../shared/blog/blog";
import { listPosts, secondsUntilNextPost } from "../server/blog/posts";
import { plainText, renderPost } from "../server/blog/markdown";
import { setCdnCache } from "../server/platform/cdn";
import { BLOG_TAGS } from "../server/blog/cache-tags";
import { withDb } from "../server/platform/db/page-db";

export const prerender = false;

const FEED_POSTS = 20;

function xml(s: string): string {
  // Also drops characters XML 1.0 cannot carry at all.
  return (
    s
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

export const GET: APIRoute = async ({ site: siteUrl }) => {
  const base = (siteUrl?.toString() ?? "http://localhost:4321/").replace(/\/$/, "");
  const { posts, maxAge } = await withDb(async (db) => ({
    ...(await listPosts(db, { perPage: FEED_POSTS })),
    maxAge: await secondsUntilNextPost(db, 300),
  }));
  const items = posts
    .map((p) => {
      const link = `${base}${postPath(p)}`;
      return `    <item>
      <title>${xml(p.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <pubDate>${new Date(p.date).toUTCString()}</pubDate>
      <dc:creator>${xml(p.author)}</dc:creator>
      <category>${xml(p.category)}</category>
      <description>${xml(summarize(plainText(p.content, p.format), 300))}</description>
      <content:encoded>${xml(renderPost(p.content, p.format).html)}</content:encoded>
    </item>`;
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${xml(`${site.name} Blog`)}</title>
    <link>${xml(`${base}/blog`)}</link>
    <atom:link href="${xml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>${xml("Notes from our cloud, container, data and support engineers.")}</description>
    <language>en-us</language>
${posts[0] ? `    <lastBuildDate>${new Date(posts[0].date).toUTCString()}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
  const headers = new Headers({ "Content-Type": "application/rss+xml; charset=utf-8" });
  setCdnCache(headers, BLOG_TAGS, maxAge);
  return new Response(body, { headers });
};
