import type { Config } from "@netlify/functions";
import { resetPasswordSchema } from "../../src/shared/staff/auth-schemas";
import { resetPassword } from "../../src/server/staff/password-reset";
import { endpoint } from "../../src/server/http/endpoint";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { limitClient } from "../../src/server/http/limits";

/**
 * POST /api/reset-password { email, otp, new_password, confirm_password } -> { message }.
 * The password rules are checked before the code, so a weak password does not use the code up.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  await limitClient(app, { bucket: "reset-password", max: 20, windowSeconds: 3600 });
  const input = validate(resetPasswordSchema, await parseBody(req));
  await resetPassword(app.deps, input.email, input.otp, input.new_password);
  return json({ message: "Password successfully reset! You can now log in." });
});

export const config: Config = { path: "/api/reset-password" };
