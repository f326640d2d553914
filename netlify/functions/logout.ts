import type { Config } from "@netlify/functions";
import { clearSessionCookie } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { json, requireMethod } from "../../src/server/http/http";
import { currentStaff } from "../../src/server/http/staff-auth";
import { revokeSession } from "../../src/server/staff/sessions";

/** POST /api/logout: ends this session on the server and clears the cookie. */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const s = await currentStaff(app, req);
  if (s) await revokeSession(app.deps, s.sessionId);
  return json({ success: true }, { headers: { "Set-Cookie": clearSessionCookie() } });
});

export const config: Config = { path: "/api/logout" };
