import type { Config } from "@netlify/functions";
import { clearSessionCookie } from "../../src/server/http/cookies";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { currentStaff } from "../../src/server/http/staff-auth";
import { revokeSession } from "../../src/server/staff/sessions";
import { recordAuth } from "../../src/server/staff/auth-events";
import { logoutApi } from "../../src/shared/api/staff";

/** POST /api/logout: ends this session on the server and clears the cookie. */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const s = await currentStaff(app, req);
    if (s) {
      await app.deps.db.transaction(async (tx) => {
        const deps = { ...app.deps, db: tx };
        await revokeSession(deps, s.sessionId);
        await recordAuth(deps, app.clientIp, "auth.logout", { id: s.userId, email: s.email });
      });
    }
    return respond(logoutApi, { success: true }, { headers: { "Set-Cookie": clearSessionCookie() } });
  },
  { api: logoutApi },
);

export const config: Config = { path: "/api/logout" };
