import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { deletePost, postTags } from "../../src/server/blog/posts-admin";
import { purgeTags } from "../../src/server/platform/cdn";
import { idFromPath } from "../../src/server/http/dashboard-http";
import { json, requireMethod } from "../../src/server/http/http";

/** DELETE /api/delete-post/:id: the post, its comments and its images. */
export default endpoint(async (req, app) => {
  requireMethod(req, "DELETE");
  await requireStaff(app, req, "write");
  const id = idFromPath(req, "/api/delete-post");
  await deletePost({ db: await app.db(), storage: await app.storage() }, id);
  await purgeTags(postTags(id));
  return json({ id, message: "Post deleted successfully" });
});

export const config: Config = { path: "/api/delete-post/:id" };
