import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listAdminPosts } from "../../src/server/blog/posts-admin";
import { adminPostsApi } from "../../src/shared/blog/admin-api";

/** The blog admin table. */
export default endpoint(adminPostsApi, async ({ deps, query: { page } }) => listAdminPosts(deps, page));

export const config: Config = { path: "/api/admin-posts" };
