import type { Config } from "@netlify/functions";
import { addUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { addUserApi } from "../../src/shared/staff/api";

const CREATED = { action: "user.create", entity: "user", table: "users", fields: AUDIT_FIELDS.users };
const extra = () => ({ password: [undefined, "set"] as const });

/** The password is audited only as set. */
export default endpoint(addUserApi, async ({ deps, actor, body }) => {
  const spec = { ...CREATED, idOf: (u: { id: number }) => u.id, extra };
  const user = await recordAudited(deps, actor, spec, (deps) => addUser(deps, body));
  const by = actor.userId;
  deps.log.info("user added", { userId: user.id, role: user.role, by, requestId: deps.requestId });
  return { user, message: "User added." };
});

export const config: Config = { path: "/api/add-user" };
