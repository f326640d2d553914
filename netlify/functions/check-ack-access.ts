import type { Config } from "@netlify/functions";
import { checkAck } from "../../src/server/contact/ack";
import { ackCookie, readAckToken } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { checkAckAccessApi } from "../../src/shared/contact/api";

/** resume=1 (sent only by a reloaded thank-you page) restores a grant that is being revoked. */
export default endpoint(checkAckAccessApi, async ({ deps, req, query }) => {
  const { name, pass } = await checkAck(deps, readAckToken(req), { resume: query.resume === "1" });
  const headers: Record<string, string> = pass ? { "Set-Cookie": ackCookie(pass) } : {};
  return respond(checkAckAccessApi, name ? { access: true, name } : { access: false }, { headers });
});

export const config: Config = { path: "/api/check_ack_access" };
