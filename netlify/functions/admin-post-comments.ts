import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listPostComments } from "../../src/server/blog/posts-admin";
import { adminPostCommentsApi } from "../../src/shared/blog/admin-api";

/** Held comments are in the moderation queue instead. */
export default endpoint(adminPostCommentsApi, async ({ deps, params: { postId }, query: { page } }) =>
  listPostComments(deps, postId, page),
);

export const config: Config = { path: "/api/admin-post-comments/:postId" };
