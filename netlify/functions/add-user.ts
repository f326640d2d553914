import type { Config } from "@netlify/functions";
import { addUserSchema } from "../../src/shared/staff/auth-schemas";
import { addUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { log } from "../../src/server/platform/log";

/** POST /api/add-user { email, password, role = reader } -> 201 { user } (root_admin only). */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const s = await requireStaff(app, req, "users");
  const input = validate(addUserSchema, await parseBody(req));
  const user = await addUser(app.deps, input);
  log.info("user added", { userId: user.id, role: user.role, by: s.userId, requestId: app.requestId });
  return json({ user, message: "User added." }, { status: 201 });
});

export const config: Config = { path: "/api/add-user" };
