import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listPosts, MAX_PAGE } from "../../src/server/blog/posts";
import { badRequest, json, requireMethod } from "../../src/server/http/http";
import { isCategory } from "../../src/shared/blog/blog";

/** GET /api/get-posts -> { posts, page, hasMore }: the newest posts (up to 10), optionally ?category=&page=. */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const url = new URL(req.url);
  const category = url.searchParams.get("category") ?? undefined;
  if (category !== undefined && !isCategory(category)) throw badRequest("Unknown category.");
  const pageParam = url.searchParams.get("page");
  if (pageParam !== null && (!/^\d{1,5}$/.test(pageParam) || +pageParam < 1 || +pageParam > MAX_PAGE))
    throw badRequest(`The page must be a whole number from 1 to ${MAX_PAGE}.`);
  const { posts, page, hasMore } = await listPosts(
    { db: app.deps.db },
    {
      category,
      page: pageParam ? Number(pageParam) : 1,
    },
  );
  return json({ posts, page, hasMore }, { cache: "public, max-age=0, must-revalidate" });
});

export const config: Config = { path: "/api/get-posts" };
