import type { Config } from "@netlify/functions";
import { grantAck } from "../../src/server/contact/ack";
import { CONTACT_LIMIT, submitInquiry } from "../../src/server/contact/submit-inquiry";
import { ackCookie } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { json, parseBody, requireMethod } from "../../src/server/http/http";
import { limitClient } from "../../src/server/http/limits";

/**
 * POST /api/submit (multipart): the contact form -> { success: true } with the cookie that opens
 * /ack (a bot gets the same answer, with a cookie that opens nothing).
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  await limitClient(app, CONTACT_LIMIT);
  const inquiryId = await submitInquiry(app.deps, await parseBody(req, { files: true }));
  const pass = await grantAck(app.deps, inquiryId);
  return json({ success: true }, { headers: { "Set-Cookie": ackCookie(pass) } });
});

export const config: Config = { path: "/api/submit" };
