import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { postComment } from "../../src/server/blog/add-comment";
import { shortNetwork } from "../../src/server/common/network-address";
import { formOrigin, withQuery } from "../../src/server/http/form-page";
import { isNativeForm } from "../../src/server/http/request-checks";
import { seeOther } from "../../src/server/http/responses";
import { commentFailed } from "../../src/server/http/native-forms";
import { addCommentApi } from "../../src/shared/blog/api";

/** The form the browser posts itself goes back to its post (303 ?comment=posted|held#comments). */
export default endpoint(
  addCommentApi,
  async ({ deps, app, req, body }) => {
    const result = await postComment(deps, { key: app.clientKey, network: shortNetwork(app.clientIp) }, body);
    if (!isNativeForm(req)) return result;
    const back = formOrigin(req, deps.env.siteUrl, "/blog");
    return seeOther(withQuery(back, "comment", "held" in result ? "held" : "posted", "#comments"));
  },
  { rateLimit: CLIENT_LIMITS.comment, nativeFormError: commentFailed },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/add-comment",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
