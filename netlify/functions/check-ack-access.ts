import type { Config } from "@netlify/functions";
import { checkAck } from "../../src/server/contact/ack";
import { ackCookie, readAckToken } from "../../src/server/http/cookies";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { checkAckAccessApi } from "../../src/shared/api/contact";

/**
 * GET /api/check_ack_access[?resume=1] -> { access: true, name } or { access: false }.
 * resume=1 (sent only by a reloaded thank-you page) restores a grant that is being revoked.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const resume = new URL(req.url).searchParams.get("resume") === "1";
    const { name, pass } = await checkAck(app.deps, readAckToken(req), { resume });
    const headers: Record<string, string> = pass ? { "Set-Cookie": ackCookie(pass) } : {};
    return respond(checkAckAccessApi, name ? { access: true, name } : { access: false }, { headers });
  },
  { api: checkAckAccessApi },
);

export const config: Config = { path: "/api/check_ack_access" };
