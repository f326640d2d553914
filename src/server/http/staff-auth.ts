/**
 * The staff member behind a request: the session cookie is read here, in the HTTP layer; the
 * session it names (src/server/common/session-token.ts) and the role's grants
 * (src/shared/staff/permissions.ts) decide what they may do.
 */
import type { Deps } from "../common/deps";
import { readSessionToken } from "./cookies";
import { Forbidden, Unauthorized } from "../common/errors";
import { may, refusal, type StaffPermission } from "../../shared/staff/permissions";
import { sessionFromToken } from "../common/session-token";

/** The signed-in staff member of this request, or undefined. */
export function currentStaff(app: { deps: Pick<Deps, "db" | "now" | "secret"> }, req: Request) {
  return sessionFromToken(app.deps, readSessionToken(req));
}

/** The staff member of this request if their role has `permission`: 401 when none, 403 when not. */
export async function requirePermission(
  app: { deps: Pick<Deps, "db" | "now" | "secret"> },
  req: Request,
  permission: StaffPermission,
) {
  const s = await currentStaff(app, req);
  if (!s) throw new Unauthorized("Please sign in to continue.");
  if (!may(s.role, permission)) throw new Forbidden(refusal(s.role, permission));
  return s;
}

/** The browser and address a new session is started from (shown to its owner only). */
export function deviceOf(app: { clientIp: string }, req: Request) {
  return { userAgent: req.headers.get("user-agent"), address: app.clientIp || null };
}
