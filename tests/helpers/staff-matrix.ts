/**
 * Signed-in staff of every role for in-process endpoint tests: creates one user per role (and a
 * root_admin whose session was revoked) in the given database, with sessions made by the real
 * createSession, and returns the Cookie header of each. Hand the functions the same database
 * (tests/helpers/ports.ts).
 *
 *   const staff = await createStaffCookies(t.db);
 *   await handler(new Request(url, { headers: staff.headers.reader }));
 */
import { randomBytes } from "node:crypto";
import { sessionSecret } from "../../src/server/http/app";
import { SESSION_COOKIE } from "../../src/server/http/cookies";
import { createSession, revokeSession } from "../../src/server/staff/sessions";
import type { Db } from "../../src/server/platform/db/db";
import { env } from "../../src/server/platform/env";
import { hashPassword } from "../../src/server/common/passwords";
import { ROLES, type Role } from "../../src/shared/staff/staff";

export const CALLERS = ["anonymous", ...ROLES, "revoked"] as const;
export type Caller = (typeof CALLERS)[number];

export interface StaffCookies {
  /** Headers to spread into a RequestInit: {} for anonymous, { cookie } for the others. */
  headers: Record<Caller, Record<string, string>>;
  users: Record<Role | "revoked", { id: number; email: string; password: string }>;
  /** A fresh session cookie for a user id (e.g. to sign in again as someone). */
  cookieFor(userId: number): Promise<string>;
}

/** The deps that createSession uses, on the given database. */
export function appFor(db: Db, now: () => Date = () => new Date()) {
  return { db, now, secret: sessionSecret(env()), requestId: "test" };
}

export async function createStaffCookies(db: Db, now?: () => Date): Promise<StaffCookies> {
  const app = appFor(db, now);
  const tag = randomBytes(4).toString("hex");
  const password = `matrix-password-${tag}`;
  const hash = await hashPassword(password);
  const make = async (role: Role, name: string) => {
    const email = `${name}-${tag}@example.com`;
    const rows = await db.query<{ id: number }>(
      "INSERT INTO users (email, password_hash, role) VALUES ($1, $2, $3) RETURNING id",
      [email, hash, role],
    );
    return { id: rows[0]!.id, email, password };
  };
  const users = {} as StaffCookies["users"];
  for (const role of ROLES) users[role] = await make(role, role === "root_admin" ? "root" : role);
  users.revoked = await make("root_admin", "revoked");
  const cookieFor = async (userId: number) => `${SESSION_COOKIE}=${await createSession(app, userId)}`;
  const revokedCookie = await cookieFor(users.revoked.id);
  const sid = (
    await db.query<{ id: string }>("SELECT id FROM sessions WHERE user_id = $1", [users.revoked.id])
  )[0]!.id;
  await revokeSession({ db, now: () => new Date() }, sid);
  return {
    users,
    cookieFor,
    headers: {
      anonymous: {},
      ...Object.fromEntries(
        await Promise.all(ROLES.map(async (r) => [r, { cookie: await cookieFor(users[r].id) }] as const)),
      ),
      revoked: { cookie: revokedCookie },
    } as unknown as StaffCookies["headers"],
  };
}
