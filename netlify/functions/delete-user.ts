import type { Config } from "@netlify/functions";
import { deleteUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { deleteUserApi } from "../../src/shared/api/staff";

/** DELETE /api/delete-user/:id (root_admin only; never yourself or the last root_admin). */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "DELETE");
    const s = await requireStaff(app, req, "users");
    const id = idParam(context, "id", "user id");
    await audited(
      app,
      s,
      { action: "user.delete", entity: "user", id, table: "users", fields: AUDIT_FIELDS.users },
      ({ deps }) => deleteUser(deps, s, id),
    );
    return respond(deleteUserApi, { success: true, message: "User deleted." });
  },
  { api: deleteUserApi },
);

export const config: Config = { path: "/api/delete-user/:id" };
