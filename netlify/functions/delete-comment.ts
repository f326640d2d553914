import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { deleteComment } from "../../src/server/blog/posts-admin";
import { deleteCommentApi } from "../../src/shared/blog/admin-api";

/** Removes one public comment (moderation). */
export default endpoint(deleteCommentApi, async ({ deps, actor, params: { id } }) => {
  const postId = await deleteComment(deps, actor, id);
  return { id, postId, message: "Comment deleted successfully" };
});

export const config: Config = { path: "/api/delete-comment/:id" };
