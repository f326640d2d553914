import type { Config } from "@netlify/functions";
import { listUsers } from "../../src/server/staff/users";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, respond } from "../../src/server/http/http";
import { getUsersApi } from "../../src/shared/api/staff";

/** GET /api/get-users -> { users: [{ id, email, role }] } (root_admin only). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "users");
    return respond(getUsersApi, { users: await listUsers(app.deps) });
  },
  { api: getUsersApi },
);

export const config: Config = { path: "/api/get-users" };
