import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { currentStaff } from "../../src/server/http/staff-auth";
import { checkSessionApi } from "../../src/shared/staff/api";

/** Who is signed in on this browser, if anyone. */
export default endpoint(checkSessionApi, async ({ app, req }) => {
  const s = await currentStaff(app, req);
  return s ? { loggedIn: true, role: s.role, email: s.email, userId: s.userId } : { loggedIn: false };
});

export const config: Config = { path: "/api/check-session" };
