import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { reportComment } from "../../src/server/blog/moderation";
import { postTags } from "../../src/server/blog/cache-tags";
import { reportCommentApi } from "../../src/shared/api/blog";

/**
 * POST /api/report-comment { id } -> { reported: true } (anyone; rate limited per address). One
 * report per address and comment counts; the third from different addresses hides the comment.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { id } = validate(reportCommentApi.body, await parseBody(req));
    const { postId, hidden } = await reportComment(app.deps, app.clientKey, id);
    if (hidden) await app.deps.cdn.purge(postTags(postId));
    return respond(reportCommentApi, { reported: true });
  },
  { api: reportCommentApi, method: "POST", rateLimit: CLIENT_LIMITS.commentReport },
);

export const config: Config = { path: "/api/report-comment" };
