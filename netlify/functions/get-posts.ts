import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { listPosts } from "../../src/server/blog/posts";
import { getPostsApi } from "../../src/shared/blog/api";

/** The newest posts (up to 10), optionally of one category. */
export default endpoint(getPostsApi, async ({ deps, query: { category, page } }) =>
  respond(getPostsApi, await listPosts(deps, { category, page, now: deps.now() }), {
    cache: "public, max-age=0, must-revalidate",
  }),
);

export const config: Config = { path: "/api/get-posts" };
