import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { listSessions, signOutOwnSession } from "../../src/server/staff/sessions";
import { endSessionApi, sessionsApi } from "../../src/shared/staff/api";

/** The member's own sessions only, whatever the role; the current one can be ended too. */
export default endpoints(
  on(sessionsApi, async ({ deps, staff }) => ({ sessions: await listSessions(deps, staff) })),
  on(endSessionApi, async ({ deps, staff, actor, params: { id } }) => {
    await signOutOwnSession(deps, actor, staff.userId, id);
    return { success: true, message: "The session was signed out." };
  }),
);

export const config: Config = { path: ["/api/sessions", "/api/sessions/:id"] };
