import type { Config } from "@netlify/functions";
import { deleteUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { deleteUserApi } from "../../src/shared/staff/api";

/** Never yourself or the last root_admin. */
export default endpoint(deleteUserApi, async ({ deps, staff, actor, params: { id } }) => {
  const spec = { action: "user.delete", entity: "user", id, table: "users", fields: AUDIT_FIELDS.users };
  await recordAudited(deps, actor, spec, (deps) => deleteUser(deps, staff, id));
  return { success: true, message: "User deleted." };
});

export const config: Config = { path: "/api/delete-user/:id" };
