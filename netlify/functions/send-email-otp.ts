import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { sendApplicationCode } from "../../src/server/careers/application-code";
import { json } from "../../src/server/http/responses";
import { sendEmailOtpApi } from "../../src/shared/careers/api";

const NOT_SENT = "The e-mail could not be sent just now. Please try again in a minute.";

/** A code at most once a minute per address; every refusal is { success: false, error }. */
export default endpoint(
  sendEmailOtpApi,
  async ({ deps, body }) =>
    (await sendApplicationCode(deps, body.email))
      ? { success: true }
      : json({ success: false, error: NOT_SENT }, { status: 502 }),
  { rateLimit: CLIENT_LIMITS.codeSend, refusalFields: { success: false } },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/send-email-otp",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
