import type { Config } from "@netlify/functions";
import { leaveAck } from "../../src/server/contact/ack";
import { ackCookie, readAckToken } from "../../src/server/http/cookies";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { revokeAckAccessApi } from "../../src/shared/api/contact";

/**
 * POST /api/revoke_ack_access (empty body, sent by the thank-you page as it is left) ->
 * { access: false }. The grant stops opening the page at once; only a reload of the page in the
 * next few seconds may resume it (see src/server/contact/ack.ts).
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const pass = await leaveAck(app.deps, readAckToken(req));
    return respond(revokeAckAccessApi, { access: false }, { headers: { "Set-Cookie": ackCookie(pass) } });
  },
  { api: revokeAckAccessApi },
);

export const config: Config = { path: "/api/revoke_ack_access" };
