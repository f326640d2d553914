import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { endOwnSession, listSessions } from "../../src/server/staff/sessions";
import { requireStaff } from "../../src/server/http/staff-auth";
import { pathParam } from "../../src/server/http/params";
import { badRequest, notFound, requireMethod, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { endSessionApi, sessionsApi } from "../../src/shared/api/staff";

/**
 * GET /api/sessions -> { sessions: [{ id, device, address, created_at, last_seen_at, current }] }:
 * the signed-in user's own active sessions (no one else's, whatever the role).
 * DELETE /api/sessions/:id -> { success, message }: ends one of them (the current one too).
 */
export default endpoint(
  async (req, app, context) => {
    const handle = pathParam(context, "id");
    requireMethod(req, handle === undefined ? "GET" : "DELETE");
    const s = await requireStaff(app, req, "read");
    if (handle === undefined) return respond(sessionsApi, { sessions: await listSessions(app.deps, s) });
    if (!/^[\w-]{10,64}$/.test(handle)) throw badRequest("The session id is not valid.");
    await audited(app, s, { action: "session.end", entity: "session", id: handle }, async ({ deps }) => {
      if (!(await endOwnSession(deps, s.userId, handle))) throw notFound("This session has already ended.");
    });
    app.deps.log.info("session ended by its owner", { userId: s.userId, requestId: app.requestId });
    return respond(endSessionApi, { success: true, message: "The session was signed out." });
  },
  { api: [sessionsApi, endSessionApi] },
);

export const config: Config = { path: ["/api/sessions", "/api/sessions/:id"] };
