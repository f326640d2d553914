import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { clearSessionCookie, getSession, revokeSession } from "../../src/server/staff/sessions";
import { json, requireMethod } from "../../src/server/http/http";

/** POST /api/logout: ends this session on the server and clears the cookie. */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const s = await getSession(app, req);
  if (s) await revokeSession(await app.db(), s.sessionId, app.now());
  return json({ success: true }, { headers: { "Set-Cookie": clearSessionCookie() } });
});

export const config: Config = { path: "/api/logout" };
