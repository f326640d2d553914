import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { listAdminPosts } from "../../src/server/blog/posts-admin";
import { requireMethod, validate, respond } from "../../src/server/http/http";
import { adminPostsApi } from "../../src/shared/api/blog-admin";

/** GET /api/admin-posts?page= -> { posts, page, pageSize, total, hasMore }: the blog admin table (staff). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const { page } = validate(adminPostsApi.query, queryOf(new URL(req.url)));
    return respond(adminPostsApi, await listAdminPosts(app.deps, page));
  },
  { api: adminPostsApi },
);

export const config: Config = { path: "/api/admin-posts" };
