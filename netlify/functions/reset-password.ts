import type { Config } from "@netlify/functions";
import { resetPassword } from "../../src/server/staff/password-reset";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { accountOf, recordAuth } from "../../src/server/staff/auth-events";
import { Invalid } from "../../src/server/common/errors";
import { resetPasswordApi } from "../../src/shared/api/staff";

/**
 * POST /api/reset-password { email, otp, new_password, confirm_password } -> { message }.
 * The password rules are checked before the code, so a weak password does not use the code up.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const input = validate(resetPasswordApi.body, await parseBody(req));
    const { db } = app.deps;
    try {
      await resetPassword(app.deps, input.email, input.otp, input.new_password);
    } catch (err) {
      // A wrong or spent code (the password rules are checked first and are not an event).
      if (err instanceof Invalid && !/password/i.test(err.message))
        await recordAuth(app.deps, app.clientIp, "auth.reset_failed", await accountOf(db, input.email));
      throw err;
    }
    await recordAuth(app.deps, app.clientIp, "auth.password_reset", await accountOf(db, input.email));
    return respond(resetPasswordApi, { message: "Password successfully reset! You can now log in." });
  },
  { api: resetPasswordApi, method: "POST", rateLimit: CLIENT_LIMITS.resetPassword },
);

export const config: Config = { path: "/api/reset-password" };
