import type { Config } from "@netlify/functions";
import { leaveAck } from "../../src/server/contact/ack";
import { ackCookie, readAckToken } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { revokeAckAccessApi } from "../../src/shared/contact/api";

/** Sent as the thank-you page is left: only a reload within seconds may resume (contact/ack.ts). */
export default endpoint(revokeAckAccessApi, async ({ deps, req }) => {
  const pass = await leaveAck(deps, readAckToken(req));
  return respond(revokeAckAccessApi, { access: false }, { headers: { "Set-Cookie": ackCookie(pass) } });
});

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/revoke_ack_access",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
