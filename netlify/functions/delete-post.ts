import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { deletePost } from "../../src/server/blog/posts-admin";
import { postTags } from "../../src/server/blog/cache-tags";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { deletePostApi } from "../../src/shared/api/blog-admin";

/** DELETE /api/delete-post/:id: the post, its comments and its images. */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "DELETE");
    const staff = await requireStaff(app, req, "write");
    const id = idParam(context);
    await audited(
      app,
      staff,
      { action: "post.delete", entity: "post", id, table: "posts", fields: AUDIT_FIELDS.posts },
      ({ deps }) => deletePost(deps, id),
    );
    await app.deps.cdn.purge(postTags(id));
    return respond(deletePostApi, { id, message: "Post deleted successfully" });
  },
  { api: deletePostApi },
);

export const config: Config = { path: "/api/delete-post/:id" };
