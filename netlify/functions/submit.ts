import type { Config } from "@netlify/functions";
import { grantAck } from "../../src/server/contact/ack";
import { submitInquiry } from "../../src/server/contact/submit-inquiry";
import { ackCookie } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/client-limits";
import { json, parseBody, requireMethod } from "../../src/server/http/http";

/**
 * POST /api/submit (multipart): the contact form -> { success: true } with the cookie that opens
 * /ack (a bot gets the same answer, with a cookie that opens nothing).
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const inquiryId = await submitInquiry(app.deps, await parseBody(req, { files: true }));
    const pass = await grantAck(app.deps, inquiryId);
    return json({ success: true }, { headers: { "Set-Cookie": ackCookie(pass) } });
  },
  { method: "POST", rateLimit: CLIENT_LIMITS.contact },
);

export const config: Config = { path: "/api/submit" };
