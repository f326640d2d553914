import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { respond } from "../../src/server/http/responses";
import { newToken } from "../../src/server/common/codes";
import { privacyCookie } from "../../src/server/http/privacy-auth";
import { checkPrivacyCode } from "../../src/server/privacy/self-service";
import { privacyVerifyCodeApi } from "../../src/shared/privacy/api";

/** A right code sets the page's cookie (HttpOnly, 30 minutes); a wrong or spent one is a 400. */
export default endpoint(
  privacyVerifyCodeApi,
  async ({ deps, body: { email, code } }) => {
    const token = newToken();
    await checkPrivacyCode(deps, email, code, token);
    return respond(
      privacyVerifyCodeApi,
      { success: true },
      { headers: { "Set-Cookie": privacyCookie(token) } },
    );
  },
  { rateLimit: CLIENT_LIMITS.privacyCodeVerify },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/privacy/verify-code",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
