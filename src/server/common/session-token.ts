/**
 * The staff session a request carries: a jose-signed token (kept by the browser in a __Host-
 * cookie) holding only a random session id. The session row is the authority, so logout, a
 * password change or reset, a role change and a user deletion end sessions at once. 8 hours
 * absolute, 30 minutes idle. Read by the HTTP layer for every staff endpoint; sessions are
 * started and ended by the staff feature (src/server/staff/sessions.ts).
 */
import { jwtVerify } from "jose";
import { isRole, type StaffSession } from "../../shared/staff/staff";
import type { Deps } from "./deps";

type SessionDeps = Pick<Deps, "db" | "now" | "secret">;

export const SESSION_ABSOLUTE_SECONDS = 8 * 3600;
export const SESSION_IDLE_SECONDS = 30 * 60;
const TOUCH_EVERY_MS = 60_000;

export function sessionKey(secret: string) {
  return new TextEncoder().encode(`session:${secret}`);
}

interface SessionRow {
  id: string;
  user_id: number;
  email: string;
  role: string;
  last_seen_at: Date | string;
  [k: string]: unknown;
}

/** The signed-in staff member a session token names, or undefined (and the session is touched). */
export async function sessionFromToken(
  deps: SessionDeps,
  token: string | undefined,
): Promise<(StaffSession & { sessionId: string }) | undefined> {
  if (!token || token.length > 2048) return undefined;
  let sid: unknown;
  try {
    const { payload } = await jwtVerify(token, sessionKey(deps.secret), {
      algorithms: ["HS256"],
      currentDate: deps.now(),
    });
    sid = payload.sid;
  } catch {
    return undefined;
  }
  if (typeof sid !== "string") return undefined;
  const db = deps.db;
  const now = deps.now();
  const idleLimit = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);
  const rows = await db.query<SessionRow>(
    `SELECT s.id, s.user_id, s.last_seen_at, u.email, u.role
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3`,
    [sid, now.toISOString(), idleLimit.toISOString()],
  );
  const row = rows[0];
  if (!row || !isRole(row.role)) return undefined;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await db.query("UPDATE sessions SET last_seen_at = $2 WHERE id = $1", [sid, now.toISOString()]);
  }
  return { sessionId: row.id, userId: row.user_id, email: row.email, role: row.role };
}
