import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { checkApplicationCode } from "../../src/server/careers/application-code";
import { applyCookie } from "../../src/server/http/cookies";
import { newToken } from "../../src/server/common/codes";
import { respond } from "../../src/server/http/responses";
import { MESSAGES } from "../../src/shared/careers/careers-common";
import { verifyEmailOtpApi } from "../../src/shared/careers/api";

const EXPIRED = "This code has expired or was tried too many times. Please ask for a new code.";

/** A right code sets the application's single-use token (HttpOnly cookie); five wrong tries void it. */
export default endpoint(
  verifyEmailOtpApi,
  async ({ deps, body: { email, code } }) => {
    const token = newToken();
    const result = await checkApplicationCode(deps, email, code, token);
    if (result === "ok")
      return respond(verifyEmailOtpApi, { success: true }, { headers: { "Set-Cookie": applyCookie(token) } });
    return result === "wrong"
      ? { success: false, error: MESSAGES.wrongCode }
      : { success: false, expired: true, error: EXPIRED };
  },
  { rateLimit: CLIENT_LIMITS.codeVerify },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/verify-email-otp",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
