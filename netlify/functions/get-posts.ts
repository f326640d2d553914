import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { listPosts } from "../../src/server/blog/posts";
import { badRequest, requireMethod, respond } from "../../src/server/http/http";
import { getPostsApi } from "../../src/shared/api/blog";

/** GET /api/get-posts -> { posts, page, hasMore }: the newest posts (up to 10), optionally ?category=&page=. */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const q = new URL(req.url).searchParams;
    // The first value of a repeated key, as before; the message of the first wrong field.
    const parsed = getPostsApi.query.safeParse({
      category: q.get("category") ?? undefined,
      page: q.get("page") ?? undefined,
    });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "The query is not valid.");
    const { category, page: asked = 1 } = parsed.data;
    const { posts, page, hasMore } = await listPosts({ db: app.deps.db }, { category, page: asked });
    return respond(getPostsApi, { posts, page, hasMore }, { cache: "public, max-age=0, must-revalidate" });
  },
  { api: getPostsApi },
);

export const config: Config = { path: "/api/get-posts" };
