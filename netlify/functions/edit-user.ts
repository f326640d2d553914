import type { Config } from "@netlify/functions";
import { editUserSchema } from "../../src/shared/staff/auth-schemas";
import { editUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";

/**
 * PUT /api/edit-user/:id { email, role, password? } -> { user } (root_admin only). A blank
 * password keeps the current one; a role change or new password ends that user's sessions.
 */
export default endpoint(async (req, app, context) => {
  requireMethod(req, "PUT");
  const s = await requireStaff(app, req, "users");
  const id = idParam(context, "id", "user id");
  const input = validate(editUserSchema, await parseBody(req));
  const user = await editUser(app.deps, s, id, input);
  return json({ user, message: "User updated." });
});

export const config: Config = { path: "/api/edit-user/:id" };
