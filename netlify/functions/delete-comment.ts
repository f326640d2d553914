import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { deleteComment, postTags } from "../../src/server/blog/posts-admin";
import { purgeTags } from "../../src/server/platform/cdn";
import { idFromPath } from "../../src/server/http/dashboard-http";
import { json, requireMethod } from "../../src/server/http/http";

/** DELETE /api/delete-comment/:id: removes one public comment (moderation). */
export default endpoint(async (req, app) => {
  requireMethod(req, "DELETE");
  await requireStaff(app, req, "write");
  const id = idFromPath(req, "/api/delete-comment");
  const postId = await deleteComment(await app.db(), id);
  await purgeTags(postTags(postId));
  return json({ id, postId, message: "Comment deleted successfully" });
});

export const config: Config = { path: "/api/delete-comment/:id" };
