import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { newToken } from "../../src/server/common/codes";
import { privacyCookie } from "../../src/server/http/privacy-auth";
import { checkPrivacyCode } from "../../src/server/privacy/self-service";
import { privacyVerifyCodeApi } from "../../src/shared/api/privacy";

/**
 * POST /api/privacy/verify-code { email, code } -> { success: true } with the page's cookie
 * (HttpOnly, /api/privacy/* only, 30 minutes). A wrong or spent code: 400 { error }.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { email, code } = validate(privacyVerifyCodeApi.body, await parseBody(req));
    const token = newToken();
    await checkPrivacyCode(app.deps, email, code, token);
    return respond(
      privacyVerifyCodeApi,
      { success: true },
      { headers: { "Set-Cookie": privacyCookie(token) } },
    );
  },
  { api: privacyVerifyCodeApi, method: "POST", rateLimit: CLIENT_LIMITS.privacyCodeVerify },
);

export const config: Config = { path: "/api/privacy/verify-code" };
