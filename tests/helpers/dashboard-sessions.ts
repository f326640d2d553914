/**
 * Staff sessions for in-process API tests: one user of each role in the test database, a signed
 * session cookie for each, and one revoked session. No password hashing: these users never log in.
 */
import { SESSION_COOKIE } from "../../src/server/http/cookies";
import { createSession, revokeSession } from "../../src/server/staff/sessions";
import type { Db } from "../../src/server/platform/db/db";
import type { Role } from "../../src/shared/staff/staff";

export type Caller = "anonymous" | Role | "revoked";
export const CALLERS: Caller[] = ["anonymous", "reader", "admin", "root_admin", "revoked"];

export interface StaffCookies {
  cookies: Record<Caller, string | undefined>;
  users: Record<Role, { id: number; email: string }>;
}

function appLike(db: Db) {
  return { db, now: () => new Date(), secret: process.env.SESSION_SECRET! };
}

let counter = 0;

export async function staffSessions(db: Db): Promise<StaffCookies> {
  const app = appLike(db);
  const users = {} as StaffCookies["users"];
  const cookies = { anonymous: undefined } as StaffCookies["cookies"];
  const tag = `${process.pid}-${Date.now()}-${counter++}`;
  for (const role of ["reader", "admin", "root_admin"] as const) {
    const email = `${role.replace("_", "-")}-${tag}@example.com`;
    const [row] = await db.query<{ id: number }>(
      "INSERT INTO users (email, password_hash, role) VALUES ($1, 'not-a-login', $2) RETURNING id",
      [email, role],
    );
    users[role] = { id: row!.id, email };
    cookies[role] = `${SESSION_COOKIE}=${await createSession(app, row!.id)}`;
  }
  // A second admin session, signed out: its cookie is still well-signed but must be refused.
  const revokedToken = await createSession(app, users.admin.id);
  await revokeSession(app, sidOf(revokedToken));
  cookies.revoked = `${SESSION_COOKIE}=${revokedToken}`;
  return { cookies, users };
}

/** The session id inside a token (the payload's sid), without checking the signature. */
function sidOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as {
    sid: string;
  };
  return payload.sid;
}
