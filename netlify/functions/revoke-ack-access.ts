import type { Config } from "@netlify/functions";
import { ACK_COOKIE, leavingCookie, readAck } from "../../src/server/careers/ack";
import { endpoint } from "../../src/server/http/endpoint";
import { readCookie } from "../../src/server/staff/sessions";
import { json, requireMethod } from "../../src/server/http/http";

/**
 * POST /api/revoke_ack_access (empty body, sent by the thank-you page as it is left) ->
 * { access: false }. The grant stops opening the page at once; only a reload of the page in the
 * next few seconds may resume it (see src/server/careers/ack.ts).
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const grant = await readAck(app.deps, readCookie(req, ACK_COOKIE));
  return json({ access: false }, { headers: { "Set-Cookie": await leavingCookie(app.deps, grant) } });
});

export const config: Config = { path: "/api/revoke_ack_access" };
