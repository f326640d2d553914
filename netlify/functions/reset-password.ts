import type { Config } from "@netlify/functions";
import { resetPassword } from "../../src/server/staff/password-reset";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { resetPasswordApi } from "../../src/shared/staff/api";

/** The password rules are checked before the code, so a weak password does not use the code up. */
export default endpoint(
  resetPasswordApi,
  async ({ deps, app, body: { email, otp, new_password: password } }) => {
    await resetPassword(deps, { email, otp, password }, app.clientIp);
    return { message: "Password successfully reset! You can now log in." };
  },
  { rateLimit: CLIENT_LIMITS.resetPassword },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/reset-password",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
