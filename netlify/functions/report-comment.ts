import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { reportComment } from "../../src/server/blog/moderation";
import { reportCommentApi } from "../../src/shared/blog/api";

/** One report per address and comment counts; the third from different addresses hides it. */
export default endpoint(
  reportCommentApi,
  async ({ deps, app, body }) => {
    await reportComment(deps, app.clientKey, body.id);
    return { reported: true };
  },
  { rateLimit: CLIENT_LIMITS.commentReport },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/report-comment",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
