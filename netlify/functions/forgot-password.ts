import type { Config } from "@netlify/functions";
import { FORGOT_MESSAGE, requestPasswordReset } from "../../src/server/staff/password-reset";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { accountOf, recordAuth } from "../../src/server/staff/auth-events";
import { forgotPasswordApi } from "../../src/shared/api/staff";

/**
 * POST /api/forgot-password { email } -> { message }: the same message whether or not the
 * account exists; the code goes by e-mail only.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { email } = validate(forgotPasswordApi.body, await parseBody(req));
    await requestPasswordReset(app.deps, email);
    const { db } = app.deps;
    await recordAuth(app.deps, app.clientIp, "auth.reset_requested", await accountOf(db, email));
    return respond(forgotPasswordApi, { message: FORGOT_MESSAGE });
  },
  { api: forgotPasswordApi, method: "POST", rateLimit: CLIENT_LIMITS.forgotPassword },
);

export const config: Config = { path: "/api/forgot-password" };
