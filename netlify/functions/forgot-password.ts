import type { Config } from "@netlify/functions";
import { forgotPasswordSchema } from "../../src/shared/staff/auth-schemas";
import { FORGOT_MESSAGE, requestPasswordReset } from "../../src/server/staff/password-reset";
import { endpoint } from "../../src/server/http/endpoint";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { limitClient } from "../../src/server/http/limits";

/**
 * POST /api/forgot-password { email } -> { message }: the same message whether or not the
 * account exists; the code goes by e-mail only.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  await limitClient(app, { bucket: "forgot-password", max: 10, windowSeconds: 3600 });
  const { email } = validate(forgotPasswordSchema, await parseBody(req));
  await requestPasswordReset(app.deps, email);
  return json({ message: FORGOT_MESSAGE });
});

export const config: Config = { path: "/api/forgot-password" };
