import type { Config } from "@netlify/functions";
import { editUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { editUserApi } from "../../src/shared/staff/api";

const UPDATED = { action: "user.update", entity: "user", table: "users", fields: AUDIT_FIELDS.users };

/** A blank password keeps the current one; a role change or new password ends that user's sessions. */
export default endpoint(editUserApi, async ({ deps, staff, actor, params: { id }, body }) => {
  const extra = (): Record<string, readonly [unknown, unknown]> =>
    body.password ? { password: ["set", "new"] } : {};
  const spec = { ...UPDATED, id, extra };
  const user = await recordAudited(deps, actor, spec, (deps) => editUser(deps, staff, id, body));
  return { user, message: "User updated." };
});

export const config: Config = { path: "/api/edit-user/:id" };
