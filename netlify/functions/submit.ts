import type { Config } from "@netlify/functions";
import { grantAck } from "../../src/server/contact/ack";
import { inquirySchema, receiveInquiry } from "../../src/server/contact/submit-inquiry";
import { ackCookie } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { isNativeForm } from "../../src/server/http/request-checks";
import { respond, seeOther } from "../../src/server/http/responses";
import { isBot } from "../../src/server/common/honeypot";
import { contactFailed, nativeContactFields } from "../../src/server/http/native-forms";
import { submitApi } from "../../src/shared/contact/api";

/**
 * The contact form, with the cookie that opens /ack (a bot gets the same answer, and nothing is
 * kept). The browser's own post goes on to /ack (303) or gets a page listing what to correct.
 */
export default endpoint(
  submitApi,
  async ({ deps, req, read }) => {
    const native = isNativeForm(req);
    const fields = native ? nativeContactFields(await read()) : await read();
    const pass = await grantAck(deps, isBot(fields) ? 0 : await receiveInquiry(deps, fields));
    const cookie = { "Set-Cookie": ackCookie(pass) };
    return native ? seeOther("/ack", cookie) : respond(submitApi, { success: true }, { headers: cookie });
  },
  {
    rateLimit: CLIENT_LIMITS.contact,
    rawBody: true,
    nativeFormError: (_req, app, err, fields) =>
      contactFailed(app, err, inquirySchema(app.deps), fields && nativeContactFields(fields)),
  },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/submit",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
