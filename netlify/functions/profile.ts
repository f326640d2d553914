import type { Config } from "@netlify/functions";
import { getProfile } from "../../src/server/staff/profile";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, respond } from "../../src/server/http/http";
import { profileApi } from "../../src/shared/api/staff";

/** GET /api/profile -> { email, role, profile_image } of the signed-in staff member. */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const s = await requireStaff(app, req, "read");
    return respond(profileApi, await getProfile(app.deps, s.userId));
  },
  { api: profileApi },
);

export const config: Config = { path: "/api/profile" };
