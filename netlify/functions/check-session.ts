import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { currentStaff } from "../../src/server/http/staff-auth";
import { checkSessionApi } from "../../src/shared/api/staff";

/** GET /api/check-session -> { loggedIn, role?, email?, userId? } */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const s = await currentStaff(app, req);
    return respond(
      checkSessionApi,
      s ? { loggedIn: true, role: s.role, email: s.email, userId: s.userId } : { loggedIn: false },
    );
  },
  { api: checkSessionApi },
);

export const config: Config = { path: "/api/check-session" };
