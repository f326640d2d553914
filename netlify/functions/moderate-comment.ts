import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { moderateComment } from "../../src/server/blog/moderation";
import { postTags } from "../../src/server/blog/cache-tags";
import { moderateCommentApi } from "../../src/shared/api/blog-admin";

const DONE = {
  approve: "Comment approved: it is on the post now.",
  spam: "Marked as spam: the sender's next comments wait for review.",
  delete: "Comment deleted.",
} as const;

/**
 * POST /api/moderate-comment { id, action: approve | spam | delete } -> { id, status, message }
 * (admin, root_admin; audited). 409 when the comment has left the queue meanwhile.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const { id, action } = validate(moderateCommentApi.body, await parseBody(req));
    const result = await audited(
      app,
      staff,
      {
        action: `comment.${action}`,
        entity: "comment",
        id,
        table: "comments",
        fields: AUDIT_FIELDS.moderation,
      },
      ({ deps }) => moderateComment(deps, id, action),
    );
    // The post's cached pages and comment count change (approved, or a reported one taken down).
    await app.deps.cdn.purge(postTags(result.postId));
    return respond(moderateCommentApi, { id, status: result.status, message: DONE[action] });
  },
  { api: moderateCommentApi },
);

export const config: Config = { path: "/api/moderate-comment" };
