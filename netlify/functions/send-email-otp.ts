import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { sendApplicationCode } from "../../src/server/careers/send-email-otp";
import { json, knownError, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { emailOtpSchema } from "../../src/shared/careers/careers";

const NOT_SENT = "The e-mail could not be sent just now. Please try again in a minute.";

/**
 * POST /api/send-email-otp (email) -> { success }. A new code at most once a minute per address
 * (429 with Retry-After) and a few an hour per client address; every refusal says
 * { success: false, error }, as the verification form reads it.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const { email } = validate(emailOtpSchema, await parseBody(req));
  let sent: boolean;
  try {
    sent = await sendApplicationCode(app.deps, app.clientKey, email);
  } catch (err) {
    const known = knownError(err);
    if (!known) throw err;
    return json({ success: false, error: known.message }, { status: known.status, headers: known.headers });
  }
  if (!sent) return json({ success: false, error: NOT_SENT }, { status: 502 });
  return json({ success: true });
});

export const config: Config = { path: "/api/send-email-otp" };
