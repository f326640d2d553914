import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/app";
import { checkApplicationCode } from "../../src/server/careers";
import { json, parseBody, requireMethod, validate } from "../../src/server/http";
import { MESSAGES, verifyOtpSchema } from "../../src/lib/careers";

/**
 * POST /api/verify-email-otp (email, code) -> { success }. A wrong code counts against the code's
 * five tries; after the fifth, or after ten minutes, the code is void and a new one is needed.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const { email, code } = validate(verifyOtpSchema, await parseBody(req));
  const result = await checkApplicationCode(app, email, code);
  if (result === "ok") return json({ success: true });
  if (result === "wrong") return json({ success: false, error: MESSAGES.wrongOtp });
  return json({
    success: false,
    expired: true,
    error: "This code has expired or was tried too many times. Please ask for a new code.",
  });
});

export const config: Config = { path: "/api/verify-email-otp" };
