/**
 * The staff member behind a request: the session cookie is read here, in the HTTP layer, and the
 * sessions use case (src/server/staff/sessions.ts) decides who it names and what they may do.
 */
import type { App } from "./endpoint";
import { readSessionToken } from "./cookies";
import { Forbidden } from "../common/errors";
import { may, refusal, type StaffPermission } from "../../shared/staff/permissions";
import { authorize, sessionFromToken, type Device, type Need } from "../staff/sessions";

/** The signed-in staff member of this request, or undefined. */
export function currentStaff(app: Pick<App, "deps">, req: Request) {
  return sessionFromToken(app.deps, readSessionToken(req));
}

/**
 * The staff member of this request with the right to `need`:
 * anonymous -> 401; reader asking to change anything -> 403; admin asking for user admin -> 403.
 */
export async function requireStaff(app: Pick<App, "deps">, req: Request, need: Need = "read") {
  return authorize(await currentStaff(app, req), need);
}

/** The staff member of this request if their role has `permission`: 401 when none, 403 when not. */
export async function requirePermission(app: Pick<App, "deps">, req: Request, permission: StaffPermission) {
  const s = authorize(await currentStaff(app, req));
  if (!may(s.role, permission)) throw new Forbidden(refusal(permission));
  return s;
}

/** The browser and address a new session is started from (shown to its owner only). */
export function deviceOf(app: Pick<App, "clientIp">, req: Request): Device {
  return { userAgent: req.headers.get("user-agent"), address: app.clientIp || null };
}
