import type { Config } from "@netlify/functions";
import { listQuery, queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { listAdminPosts } from "../../src/server/blog/posts-admin";
import { json, requireMethod, validate } from "../../src/server/http/http";

/** GET /api/admin-posts?page= -> { posts, page, pageSize, total, hasMore }: the blog admin table (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const { page } = validate(listQuery, queryOf(new URL(req.url)));
  return json(await listAdminPosts(app.deps, page));
});

export const config: Config = { path: "/api/admin-posts" };
