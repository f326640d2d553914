import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/app";
import { listPosts } from "../../src/server/blog";
import { badRequest, json, requireMethod } from "../../src/server/http";
import { isCategory } from "../../src/lib/blog";

/** GET /api/get-posts -> { posts }: the newest posts (up to 10), optionally ?category=&page=. */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const url = new URL(req.url);
  const category = url.searchParams.get("category") ?? undefined;
  if (category !== undefined && !isCategory(category)) throw badRequest("Unknown category.");
  const { posts } = await listPosts(await app.db(), { category });
  return json({ posts }, { cache: "public, max-age=0, must-revalidate" });
});

export const config: Config = { path: "/api/get-posts" };
