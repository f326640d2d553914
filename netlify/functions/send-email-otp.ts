import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { sendApplicationCode } from "../../src/server/careers/application-code";
import { json, parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { sendEmailOtpApi } from "../../src/shared/api/careers";

const NOT_SENT = "The e-mail could not be sent just now. Please try again in a minute.";

/**
 * POST /api/send-email-otp (email) -> { success }. A new code at most once a minute per address
 * (429 with Retry-After) and a few an hour per client address; every refusal says
 * { success: false, error }, as the verification form reads it.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { email } = validate(sendEmailOtpApi.body, await parseBody(req));
    const sent = await sendApplicationCode(app.deps, email);
    if (!sent) return json({ success: false, error: NOT_SENT }, { status: 502 });
    return respond(sendEmailOtpApi, { success: true });
  },
  {
    api: sendEmailOtpApi,
    method: "POST",
    rateLimit: CLIENT_LIMITS.codeSend,
    refusalFields: { success: false },
  },
);

export const config: Config = { path: "/api/send-email-otp" };
