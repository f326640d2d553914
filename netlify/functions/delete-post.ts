import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { deletePost } from "../../src/server/blog/posts-admin";
import { deletePostApi } from "../../src/shared/blog/admin-api";

/** The post, its comments and its images. */
export default endpoint(deletePostApi, async ({ deps, actor, params: { id } }) => {
  const spec = { action: "post.delete", entity: "post", id, table: "posts", fields: AUDIT_FIELDS.posts };
  await recordAudited(deps, actor, spec, (deps) => deletePost(deps, id));
  return { id, message: "Post deleted successfully" };
});

export const config: Config = { path: "/api/delete-post/:id" };
