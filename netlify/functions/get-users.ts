import type { Config } from "@netlify/functions";
import { listUsers } from "../../src/server/accounts";
import { endpoint } from "../../src/server/app";
import { requireStaff } from "../../src/server/auth";
import { json, requireMethod } from "../../src/server/http";

/** GET /api/get-users -> { users: [{ id, email, role }] } (root_admin only). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "users");
  return json({ users: await listUsers(await app.db()) });
});

export const config: Config = { path: "/api/get-users" };
