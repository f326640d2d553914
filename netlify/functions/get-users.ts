import type { Config } from "@netlify/functions";
import { listUsers } from "../../src/server/staff/users";
import { endpoint } from "../../src/server/http/endpoint";
import { getUsersApi } from "../../src/shared/staff/api";

/** Each account's id, e-mail and role. */
export default endpoint(getUsersApi, async ({ deps }) => ({ users: await listUsers(deps) }));

export const config: Config = { path: "/api/get-users" };
