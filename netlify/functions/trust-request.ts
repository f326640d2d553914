import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { isBot } from "../../src/server/common/honeypot";
import { isNativeForm } from "../../src/server/http/request-checks";
import { respond, seeOther } from "../../src/server/http/responses";
import { trustRequestFailed } from "../../src/server/http/native-forms";
import { receiveTrustRequest } from "../../src/server/contact/security-review";
import { trustRequestApi } from "../../src/shared/trust/api";
import { TRUST_REQUESTED_PATH } from "../../src/shared/trust/trust";

/**
 * A request for restricted documents, stored as a lead of kind "security review" (a bot gets the
 * same answer, and nothing is kept). The browser's own post goes on to /trust/requested (303).
 */
export default endpoint(
  trustRequestApi,
  async ({ deps, req, read }) => {
    const fields = await read();
    const id = isBot(fields) ? 0 : await receiveTrustRequest(deps, fields);
    return isNativeForm(req) ? seeOther(TRUST_REQUESTED_PATH) : respond(trustRequestApi, { id });
  },
  { rateLimit: CLIENT_LIMITS.trustRequest, rawBody: true, nativeFormError: trustRequestFailed },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/trust-request",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
