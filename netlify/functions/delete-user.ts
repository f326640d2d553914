import type { Config } from "@netlify/functions";
import { deleteUser } from "../../src/server/staff/accounts";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/staff/sessions";
import { json, parseId, requireMethod } from "../../src/server/http/http";

/** DELETE /api/delete-user/:id (root_admin only; never yourself or the last root_admin). */
export default endpoint(async (req, app) => {
  requireMethod(req, "DELETE");
  const s = await requireStaff(app, req, "users");
  const id = parseId(new URL(req.url).pathname.split("/")[3], "user id");
  await deleteUser(app, s, id);
  return json({ success: true, message: "User deleted." });
});

export const config: Config = { path: "/api/delete-user/:id" };
