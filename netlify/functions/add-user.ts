import type { Config } from "@netlify/functions";
import { addUser } from "../../src/server/staff/users";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { addUserApi } from "../../src/shared/api/staff";

/** POST /api/add-user { email, password, role = reader } -> 201 { user } (root_admin only). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const s = await requireStaff(app, req, "users");
    const input = validate(addUserApi.body, await parseBody(req));
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
    return respond(addUserApi, { user, message: "User added." });
  },
  { api: addUserApi },
);

export const config: Config = { path: "/api/add-user" };
