import type { Config } from "@netlify/functions";
import { FORGOT_MESSAGE, requestPasswordReset } from "../../src/server/staff/password-reset";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { forgotPasswordApi } from "../../src/shared/staff/api";

/** The same message whether or not the account exists; the code goes by e-mail only. */
export default endpoint(
  forgotPasswordApi,
  async ({ deps, app, body }) => {
    await requestPasswordReset(deps, body.email, app.clientIp);
    return { message: FORGOT_MESSAGE };
  },
  { rateLimit: CLIENT_LIMITS.forgotPassword },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/forgot-password",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
