import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { json, requireMethod } from "../../src/server/http/http";
import { currentStaff } from "../../src/server/http/staff-auth";

/** GET /api/check-session -> { loggedIn, role?, email?, userId? } */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const s = await currentStaff(app, req);
  return json(s ? { loggedIn: true, role: s.role, email: s.email, userId: s.userId } : { loggedIn: false });
});

export const config: Config = { path: "/api/check-session" };
