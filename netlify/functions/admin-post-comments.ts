import type { Config } from "@netlify/functions";
import { listQuery, queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { listPostComments } from "../../src/server/blog/posts-admin";
import { idFromPath } from "../../src/server/http/dashboard-http";
import { json, requireMethod, validate } from "../../src/server/http/http";

/** GET /api/admin-post-comments/:postId?page= -> { comments: [{ id, name, email, comment, date }] } (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const postId = idFromPath(req, "/api/admin-post-comments", "post id");
  const { page } = validate(listQuery, queryOf(new URL(req.url)));
  return json(await listPostComments(await app.db(), postId, page));
});

export const config: Config = { path: "/api/admin-post-comments/:postId" };
