import type { Config } from "@netlify/functions";
import { addUser } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { addUserApi } from "../../src/shared/staff/api";

/** The password is audited only as set. */
export default endpoint(addUserApi, async ({ deps, actor, body }) => {
  const user = await addUser(deps, actor, body);
  return { user, message: "User added." };
});

export const config: Config = { path: "/api/add-user" };
