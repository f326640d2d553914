import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { checkApplicationCode } from "../../src/server/careers/application-code";
import { applyCookie } from "../../src/server/http/cookies";
import { newToken } from "../../src/server/common/codes";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { MESSAGES } from "../../src/shared/careers/careers";
import { verifyEmailOtpApi } from "../../src/shared/api/careers";

const EXPIRED = "This code has expired or was tried too many times. Please ask for a new code.";

/**
 * POST /api/verify-email-otp (email, code) -> { success }. A right code sets a single-use token in
 * an HttpOnly cookie: the application must carry it (so only the person who verified can apply
 * under the address). A wrong code counts against the code's five tries and the address's daily
 * tries; after the fifth, or after ten minutes, the code is void and a new one is needed.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { email, code } = validate(verifyEmailOtpApi.body, await parseBody(req));
    const token = newToken();
    const result = await checkApplicationCode(app.deps, email, code, token);
    if (result === "ok")
      return respond(verifyEmailOtpApi, { success: true }, { headers: { "Set-Cookie": applyCookie(token) } });
    if (result === "wrong") return respond(verifyEmailOtpApi, { success: false, error: MESSAGES.wrongCode });
    return respond(verifyEmailOtpApi, { success: false, expired: true, error: EXPIRED });
  },
  { api: verifyEmailOtpApi, method: "POST", rateLimit: CLIENT_LIMITS.codeVerify },
);

export const config: Config = { path: "/api/verify-email-otp" };
