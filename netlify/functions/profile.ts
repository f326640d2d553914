import type { Config } from "@netlify/functions";
import { getProfile } from "../../src/server/staff/profile";
import { endpoint } from "../../src/server/http/endpoint";
import { profileApi } from "../../src/shared/staff/api";

/** The signed-in member's own e-mail, role and picture. */
export default endpoint(profileApi, async ({ deps, staff }) => getProfile(deps, staff.userId));

export const config: Config = { path: "/api/profile" };
