import type { Config } from "@netlify/functions";
import { listUsers } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod } from "../../src/server/http/http";

/** GET /api/get-users -> { users: [{ id, email, role }] } (root_admin only). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "users");
  return json({ users: await listUsers(app.deps) });
});

export const config: Config = { path: "/api/get-users" };
