import type { Config } from "@netlify/functions";
import { editUser } from "../../src/server/staff/users";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { editUserApi } from "../../src/shared/api/staff";

/**
 * PUT /api/edit-user/:id { email, role, password? } -> { user } (root_admin only). A blank
 * password keeps the current one; a role change or new password ends that user's sessions.
 */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "PUT");
    const s = await requireStaff(app, req, "users");
    const id = idParam(context, "id", "user id");
    const input = validate(editUserApi.body, await parseBody(req));
    const user = await audited(
      app,
      s,
      {
        action: "user.update",
        entity: "user",
        id,
        table: "users",
        fields: AUDIT_FIELDS.users,
        extra: (): Record<string, readonly [unknown, unknown]> =>
          input.password ? { password: ["set", "new"] } : {},
      },
      ({ deps }) => editUser(deps, s, id, input),
    );
    return respond(editUserApi, { user, message: "User updated." });
  },
  { api: editUserApi },
);

export const config: Config = { path: "/api/edit-user/:id" };
