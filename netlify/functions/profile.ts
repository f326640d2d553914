import type { Config } from "@netlify/functions";
import { getProfile } from "../../src/server/staff/profile";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod } from "../../src/server/http/http";

/** GET /api/profile -> { email, role, profile_image } of the signed-in staff member. */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const s = await requireStaff(app, req, "read");
  return json(await getProfile(app.deps, s.userId));
});

export const config: Config = { path: "/api/profile" };
