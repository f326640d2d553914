import type { Config } from "@netlify/functions";
import { leaveAck } from "../../src/server/contact/ack";
import { ackCookie, readAckToken } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/http";
import { revokeAckAccessApi } from "../../src/shared/contact/api";

/** Sent as the thank-you page is left: only a reload within seconds may resume (contact/ack.ts). */
export default endpoint(revokeAckAccessApi, async ({ deps, req }) => {
  const pass = await leaveAck(deps, readAckToken(req));
  return respond(revokeAckAccessApi, { access: false }, { headers: { "Set-Cookie": ackCookie(pass) } });
});

export const config: Config = { path: "/api/revoke_ack_access" };
