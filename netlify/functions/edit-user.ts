import type { Config } from "@netlify/functions";
import { editUserSchema } from "../../src/shared/staff/auth-schemas";
import { editUser } from "../../src/server/accounts";
import { endpoint } from "../../src/server/app";
import { requireStaff } from "../../src/server/auth";
import { json, parseBody, parseId, requireMethod, validate } from "../../src/server/http";

/**
 * PUT /api/edit-user/:id { email, role, password? } -> { user } (root_admin only). A blank
 * password keeps the current one; a role change or new password ends that user's sessions.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "PUT");
  const s = await requireStaff(app, req, "users");
  const id = parseId(new URL(req.url).pathname.split("/")[3], "user id");
  const input = validate(editUserSchema, await parseBody(req));
  const user = await editUser(app, s, id, input);
  return json({ user, message: "User updated." });
});

export const config: Config = { path: "/api/edit-user/:id" };
