import type { Config } from "@netlify/functions";
import { ACK_COOKIE, clearAckCookie, readAck, resumedCookie } from "../../src/server/careers/ack";
import { endpoint } from "../../src/server/http/endpoint";
import { readCookie } from "../../src/server/staff/sessions";
import { inquiryName } from "../../src/server/contact/inquiries";
import { json, requireMethod } from "../../src/server/http/http";

/**
 * GET /api/check_ack_access[?resume=1] -> { access: true, name } or { access: false }.
 * resume=1 (sent only by a reloaded thank-you page) restores a grant that is being revoked.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const grant = await readAck(app.deps, readCookie(req, ACK_COOKIE));
  const denied = () => json({ access: false }, { headers: grant ? { "Set-Cookie": clearAckCookie() } : {} });
  if (!grant || grant.inquiryId < 1) return denied();
  const resume = new URL(req.url).searchParams.get("resume") === "1";
  if (grant.leaving && !resume) return denied();
  const name = await inquiryName(await app.db(), grant.inquiryId);
  if (!name) return denied();
  const headers: Record<string, string> = grant.leaving
    ? { "Set-Cookie": await resumedCookie(app.deps, grant) }
    : {};
  return json({ access: true, name }, { headers });
});

export const config: Config = { path: "/api/check_ack_access" };
