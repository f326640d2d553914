import type { Config } from "@netlify/functions";
import { listQuery, queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { listPostComments } from "../../src/server/blog/posts-admin";
import { idParam } from "../../src/server/http/params";
import { json, requireMethod, validate } from "../../src/server/http/http";

/** GET /api/admin-post-comments/:postId?page= -> { comments: [{ id, name, email, comment, date }] } (staff). */
export default endpoint(async (req, app, context) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const postId = idParam(context, "postId", "post id");
  const { page } = validate(listQuery, queryOf(new URL(req.url)));
  return json(await listPostComments(app.deps, postId, page));
});

export const config: Config = { path: "/api/admin-post-comments/:postId" };
