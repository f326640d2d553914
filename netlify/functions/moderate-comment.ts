import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { moderateComment, MODERATED } from "../../src/server/blog/moderation";
import { moderateCommentApi } from "../../src/shared/blog/admin-api";

/** 409 when the comment has left the queue meanwhile. */
export default endpoint(moderateCommentApi, async ({ deps, actor, body: { id, action } }) => {
  const { status } = await moderateComment(deps, actor, id, action);
  return { id, status, message: MODERATED[action] };
});

export const config: Config = { path: "/api/moderate-comment" };
