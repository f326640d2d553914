import type { Config } from "@netlify/functions";
import { editUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { editUserApi } from "../../src/shared/staff/api";

/** A blank password keeps the current one; a role change or new password ends that user's sessions. */
export default endpoint(editUserApi, async ({ deps, staff, actor, params: { id }, body }) => {
  const user = await editUser(deps, actor, staff, id, body);
  return { user, message: "User updated." };
});

export const config: Config = { path: "/api/edit-user/:id" };
