import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { listPostComments } from "../../src/server/blog/posts-admin";
import { idParam } from "../../src/server/http/params";
import { requireMethod, validate, respond } from "../../src/server/http/http";
import { adminPostCommentsApi } from "../../src/shared/api/blog-admin";

/** GET /api/admin-post-comments/:postId?page= -> { comments: [{ id, name, email, comment, date }] } (staff). */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const postId = idParam(context, "postId", "post id");
    const { page } = validate(adminPostCommentsApi.query, queryOf(new URL(req.url)));
    return respond(adminPostCommentsApi, await listPostComments(app.deps, postId, page));
  },
  { api: adminPostCommentsApi },
);

export const config: Config = { path: "/api/admin-post-comments/:postId" };
