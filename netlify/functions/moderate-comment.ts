import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { moderateComment, MODERATED } from "../../src/server/blog/moderation";
import { moderateCommentApi } from "../../src/shared/blog/admin-api";

const REVIEWED = { entity: "comment", table: "comments", fields: AUDIT_FIELDS.moderation } as const;

/** 409 when the comment has left the queue meanwhile. */
export default endpoint(moderateCommentApi, async ({ deps, actor, body: { id, action } }) => {
  const spec = { ...REVIEWED, action: `comment.${action}`, id };
  const { status } = await recordAudited(deps, actor, spec, (deps) => moderateComment(deps, id, action));
  return { id, status, message: MODERATED[action] };
});

export const config: Config = { path: "/api/moderate-comment" };
