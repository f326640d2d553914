import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { deletePost } from "../../src/server/blog/posts-admin";
import { deletePostApi } from "../../src/shared/blog/admin-api";

/** The post, its comments and its images. */
export default endpoint(deletePostApi, async ({ deps, actor, params: { id } }) => {
  await deletePost(deps, actor, id);
  return { id, message: "Post deleted successfully" };
});

export const config: Config = { path: "/api/delete-post/:id" };
