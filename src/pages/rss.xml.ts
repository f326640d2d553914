/**
 * /rss.xml: the newest public posts as an RSS 2.0 feed (@astrojs/rss), each with its summary and its
 * whole body as the same sanitised HTML the post page shows; rendered on demand and cached by the
 * CDN under the "blog" tag like the blog list (no longer than until the next scheduled post goes
 * public).
 */
import { getRssString } from "@astrojs/rss";
import type { APIRoute } from "astro";
import { site } from "../config/site";
import { postPath, summarize } from "../shared/blog/blog";
import { listPostBodies, secondsUntilNextPost } from "../server/blog/posts";
import { setCdnCache } from "../server/platform/cdn";
import { BLOG_TAGS } from "../server/blog/cache-tags";
import { withDb } from "../server/platform/db/page-db";
import { requestClock } from "../server/platform/clock";

export const prerender = false;

const FEED_POSTS = 20;

/** Drops the characters XML 1.0 cannot carry at all. */
function xmlText(s: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
}

/** Text inside a hand-written element of `customData` (the library parses that as XML). */
function escaped(s: string): string {
  return xmlText(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export const GET: APIRoute = async ({ site: siteUrl, request }) => {
  const now = requestClock(request)();
  const base = (siteUrl?.toString() ?? "http://localhost:4321/").replace(/\/$/, "");
  const { posts, maxAge } = await withDb(async (db) => ({
    posts: await listPostBodies({ db }, FEED_POSTS, now),
    maxAge: await secondsUntilNextPost({ db }, 300, now),
  }));
  const body = await getRssString({
    title: `${site.name} Blog`,
    description: "Notes from our cloud, container, data and support engineers.",
    site: `${base}/blog`,
    trailingSlash: false,
    xmlns: { atom: "http://www.w3.org/2005/Atom", dc: "http://purl.org/dc/elements/1.1/" },
    customData: [
      `<atom:link href="${escaped(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
      "<language>en-us</language>",
      posts[0] ? `<lastBuildDate>${new Date(posts[0].post.date).toUTCString()}</lastBuildDate>` : "",
    ].join(""),
    items: posts.map(({ post: p, html, plain }) => ({
      title: xmlText(p.title),
      link: `${base}${postPath(p)}`,
      pubDate: new Date(p.date),
      categories: [p.category],
      description: xmlText(summarize(plain, 300)),
      content: xmlText(html),
      customData: `<dc:creator>${escaped(p.author)}</dc:creator>`,
    })),
  });
  const headers = new Headers({ "Content-Type": "application/rss+xml; charset=utf-8" });
  setCdnCache(headers, BLOG_TAGS, maxAge);
  return new Response(body, { headers });
};
