import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { deleteComment } from "../../src/server/blog/posts-admin";
import { postTags } from "../../src/server/blog/cache-tags";
import { purgeTags } from "../../src/server/platform/cdn";
import { idParam } from "../../src/server/http/params";
import { json, requireMethod } from "../../src/server/http/http";

/** DELETE /api/delete-comment/:id: removes one public comment (moderation). */
export default endpoint(async (req, app, context) => {
  requireMethod(req, "DELETE");
  await requireStaff(app, req, "write");
  const id = idParam(context);
  const postId = await deleteComment(app.deps, id);
  await purgeTags(postTags(postId));
  return json({ id, postId, message: "Comment deleted successfully" });
});

export const config: Config = { path: "/api/delete-comment/:id" };
