import type { Config } from "@netlify/functions";
import { clearSessionCookie } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { currentStaff } from "../../src/server/http/staff-auth";
import { signOut } from "../../src/server/staff/auth-events";
import { logoutApi } from "../../src/shared/staff/api";

/** Ends this session on the server (when there is one) and clears the cookie. */
export default endpoint(logoutApi, async ({ app, req }) => {
  const s = await currentStaff(app, req);
  if (s) await signOut(app.deps, app.clientIp, s);
  return respond(logoutApi, { success: true }, { headers: { "Set-Cookie": clearSessionCookie() } });
});

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/logout",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
