import type { Config } from "@netlify/functions";
import { forgotPasswordSchema } from "../../src/shared/staff/auth-schemas";
import { FORGOT_MESSAGE, requestPasswordReset } from "../../src/server/staff/password-reset";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { accountOf, recordAuth } from "../../src/server/staff/auth-events";

/**
 * POST /api/forgot-password { email } -> { message }: the same message whether or not the
 * account exists; the code goes by e-mail only.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { email } = validate(forgotPasswordSchema, await parseBody(req));
    await requestPasswordReset(app.deps, email);
    const { db } = app.deps;
    await recordAuth(app.deps, app.clientIp, "auth.reset_requested", await accountOf(db, email));
    return json({ message: FORGOT_MESSAGE });
  },
  { method: "POST", rateLimit: CLIENT_LIMITS.forgotPassword },
);

export const config: Config = { path: "/api/forgot-password" };
