import type { Config } from "@netlify/functions";
import { deleteUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { json, requireMethod } from "../../src/server/http/http";

/** DELETE /api/delete-user/:id (root_admin only; never yourself or the last root_admin). */
export default endpoint(async (req, app, context) => {
  requireMethod(req, "DELETE");
  const s = await requireStaff(app, req, "users");
  const id = idParam(context, "id", "user id");
  await deleteUser(app.deps, s, id);
  return json({ success: true, message: "User deleted." });
});

export const config: Config = { path: "/api/delete-user/:id" };
