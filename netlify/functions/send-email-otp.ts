import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { sendApplicationCode } from "../../src/server/careers/careers";
import { HttpError, json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { emailOtpSchema } from "../../src/shared/careers/careers";

/**
 * POST /api/send-email-otp (email) -> { success }. A new code at most once a minute per address
 * (429 with Retry-After) and a few an hour per client address.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const { email } = validate(emailOtpSchema, await parseBody(req));
  let sent: boolean;
  try {
    sent = await sendApplicationCode(app, email);
  } catch (err) {
    if (err instanceof HttpError)
      return json({ success: false, error: err.message }, { status: err.status, headers: err.headers });
    throw err;
  }
  if (!sent)
    return json(
      { success: false, error: "The e-mail could not be sent just now. Please try again in a minute." },
      { status: 502 },
    );
  return json({ success: true });
});

export const config: Config = { path: "/api/send-email-otp" };
