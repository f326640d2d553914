import type { Config } from "@netlify/functions";
import { addUserSchema } from "../../src/shared/staff/auth-schemas";
import { addUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";

/** POST /api/add-user { email, password, role = reader } -> 201 { user } (root_admin only). */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const s = await requireStaff(app, req, "users");
  const input = validate(addUserSchema, await parseBody(req));
  const user = await audited(
    app,
    s,
    {
      action: "user.create",
      entity: "user",
      idOf: (u: { id: number }) => u.id,
      table: "users",
      fields: AUDIT_FIELDS.users,
      extra: () => ({ password: [undefined, "set"] }),
    },
    ({ deps }) => addUser(deps, input),
  );
  app.deps.log.info("user added", {
    userId: user.id,
    role: user.role,
    by: s.userId,
    requestId: app.requestId,
  });
  return json({ user, message: "User added." }, { status: 201 });
});

export const config: Config = { path: "/api/add-user" };
