import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { deleteComment } from "../../src/server/blog/posts-admin";
import { postTags } from "../../src/server/blog/cache-tags";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { deleteCommentApi } from "../../src/shared/api/blog-admin";

/** DELETE /api/delete-comment/:id: removes one public comment (moderation). */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "DELETE");
    const staff = await requireStaff(app, req, "write");
    const id = idParam(context);
    const postId = await audited(
      app,
      staff,
      { action: "comment.delete", entity: "comment", id, table: "comments", fields: AUDIT_FIELDS.comments },
      ({ deps }) => deleteComment(deps, id),
    );
    await app.deps.cdn.purge(postTags(postId));
    return respond(deleteCommentApi, { id, postId, message: "Comment deleted successfully" });
  },
  { api: deleteCommentApi },
);

export const config: Config = { path: "/api/delete-comment/:id" };
