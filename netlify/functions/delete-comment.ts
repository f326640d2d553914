import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { deleteComment } from "../../src/server/blog/posts-admin";
import { deleteCommentApi } from "../../src/shared/blog/admin-api";

const DELETED = { action: "comment.delete", entity: "comment", table: "comments" } as const;

/** Removes one public comment (moderation). */
export default endpoint(deleteCommentApi, async ({ deps, actor, params: { id } }) => {
  const spec = { ...DELETED, id, fields: AUDIT_FIELDS.comments };
  const postId = await recordAudited(deps, actor, spec, (deps) => deleteComment(deps, id));
  return { id, postId, message: "Comment deleted successfully" };
});

export const config: Config = { path: "/api/delete-comment/:id" };
