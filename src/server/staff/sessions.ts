/**
 * Staff sessions started, listed and ended (the token a request carries is read by
 * src/server/common/session-token.ts, which also holds their lifetimes).
 */
import { createHash, randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { type SessionInfo } from "../../shared/staff/api";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, sessionKey } from "../common/session-token";
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";
import { recordAudited, type Actor } from "../common/audit";
import type { Db } from "../platform/db/db";

type SessionDeps = Pick<Deps, "db" | "now" | "secret">;

/** Where a session was started from, kept only for its owner's list of sessions. */
export interface Device {
  userAgent?: string | null;
  address?: string | null;
}

/** The handle of a session in the owner's list: derived from its id, never the id itself. */
export function publicSessionId(id: string): string {
  return createHash("sha256").update(`session-handle:${id}`).digest("base64url").slice(0, 22);
}

/**
 * Starts a new session for the user (a new id and token at every login). The browser's
 * User-Agent and the client address are kept with it only for the owner's list of sessions, and
 * cleared when the session ends.
 */
export async function createSession(deps: SessionDeps, userId: number, device: Device = {}): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = deps.now();
  const expires = new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
  const userAgent = device.userAgent?.slice(0, 300) || null;
  const address = device.address?.slice(0, 64) || null;
  await deps.db.query(
    `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, public_id, user_agent, client_address)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7)`,
    [id, userId, now.toISOString(), expires.toISOString(), publicSessionId(id), userAgent, address],
  );
  return new SignJWT({ sid: id })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(sessionKey(deps.secret));
}

// An ended session keeps no trace of the device or the address.
const END = "revoked_at = $2, user_agent = NULL, client_address = NULL";

export async function revokeSession(deps: Pick<Deps, "db" | "now">, sessionId: string) {
  await deps.db.query(`UPDATE sessions SET ${END} WHERE id = $1 AND revoked_at IS NULL`, [
    sessionId,
    deps.now().toISOString(),
  ]);
}

/** Ends every session of a user, optionally keeping one (the one making a password change). */
export async function revokeUserSessions(db: Db, userId: number, now: Date, keepSessionId?: string) {
  await db.query(`UPDATE sessions SET ${END} WHERE user_id = $1 AND revoked_at IS NULL AND id <> $3`, [
    userId,
    now.toISOString(),
    keepSessionId ?? "",
  ]);
}

/** "Chrome on Windows"-style names from a User-Agent string. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /(Chrome|Chromium|CriOS)\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : undefined;
  const system = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? ua.slice(0, 60);
}

/** The user's sessions that are still active, the most recently used first. */
export async function listSessions(
  deps: Pick<Deps, "db" | "now">,
  who: { userId: number; sessionId: string },
): Promise<SessionInfo[]> {
  const db = deps.db;
  const now = deps.now();
  const idleLimit = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);
  const rows = await db.query<{
    id: string;
    public_id: string | null;
    user_agent: string | null;
    client_address: string | null;
    created_at: Date | string;
    last_seen_at: Date | string;
  }>(
    `SELECT id, public_id, user_agent, client_address, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at > $3
      ORDER BY last_seen_at DESC, created_at DESC`,
    [who.userId, now.toISOString(), idleLimit.toISOString()],
  );
  return rows.map((r) => ({
    id: r.public_id ?? publicSessionId(r.id),
    device: describeDevice(r.user_agent),
    address: r.client_address,
    created_at: new Date(r.created_at).toISOString(),
    last_seen_at: new Date(r.last_seen_at).toISOString(),
    current: r.id === who.sessionId,
  }));
}

/** Ends one of the user's own sessions by its handle; false when there is no such active one. */
export async function endOwnSession(
  deps: Pick<Deps, "db" | "now">,
  userId: number,
  handle: string,
): Promise<boolean> {
  const rows = await deps.db.query(
    `UPDATE sessions SET ${END} WHERE user_id = $1 AND public_id = $3 AND revoked_at IS NULL RETURNING id`,
    [userId, deps.now().toISOString(), handle],
  );
  return rows.length > 0;
}

/** A member signs one of their own sessions out (audited); 404 when it is not an active one of theirs. */
export async function signOutOwnSession(
  deps: Pick<Deps, "db" | "now" | "log" | "requestId">,
  actor: Actor,
  userId: number,
  handle: string,
) {
  await recordAudited(deps, actor, { action: "session.end", entity: "session", id: handle }, async (deps) => {
    if (!(await endOwnSession(deps, userId, handle))) throw new NotFound("This session has already ended.");
  });
  deps.log.info("session ended by its owner", { userId, requestId: deps.requestId });
}
