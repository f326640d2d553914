import type { Config } from "@netlify/functions";
import { deleteUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { deleteUserApi } from "../../src/shared/staff/api";

/** Never yourself or the last root_admin. */
export default endpoint(deleteUserApi, async ({ deps, actor, params: { id } }) => {
  await deleteUser(deps, actor, id);
  return { success: true, message: "User deleted." };
});

export const config: Config = { path: "/api/delete-user/:id" };
