/**
 * Brute-force protection of POST /api/login.
 *
 * Failures are counted in the database, so every function instance sees them:
 * - per client address, in rate_limits (rate-limit.ts): one address may try `ipMax` times per
 *   window, whichever accounts it aims at (429 beyond, like every other limit of the site);
 * - per account, in users.failed_logins / users.locked_until: from the `delayAfter`th failure
 *   on, each further failure is answered after a growing delay, and the `lockAfter`th locks the
 *   account for `lockMinutes`;
 * - per unknown e-mail, in rate_limits under an HMAC of the address, with the same thresholds,
 *   so an unknown address behaves exactly like a known one (the lock does not reveal which
 *   e-mails have accounts).
 *
 * Why a lock cannot keep the real user out for ever:
 * - it is short and never escalates (15 minutes, then the counter starts again from zero);
 * - a password reset by e-mail code (proof that the person holds the mailbox, which an attacker
 *   guessing passwords does not) lifts the lock at once and clears the counter, and the
 *   forgot-password flow is never blocked by a lock;
 * - when a lock starts, the owner gets an e-mail saying so and pointing at the reset, so the
 *   user learns about the attack and has a way in within minutes;
 * - a successful login clears the counter, so ordinary typos never add up over days.
 * A correct password during a lock is still refused: accepting it would turn the lock into an
 * oracle that tells a guesser when a guess was right.
 */
import { createHmac } from "node:crypto";
import type { App } from "./app";
import type { Db } from "./db";
import { HttpError } from "./http";
import { enforce } from "./rate-limit";

export const LOGIN_POLICY = {
  /** Attempts one client address may make per window (rate-limit.ts). */
  ipMax: 30,
  ipWindowSeconds: 15 * 60,
  /** Failures after which every further failure is answered more slowly. */
  delayAfter: 3,
  /** The first delay; it doubles with every failure up to delayMaxMs. */
  delayBaseMs: 250,
  delayMaxMs: 4000,
  /** Failures in a row (since the last success or lock) that lock the account. */
  lockAfter: 10,
  lockMinutes: 15,
};

export const LOCKED_MESSAGE =
  "Too many failed sign-in attempts. Please try again in 15 minutes, or reset your password with Forgot Password.";

/** The delay before answering the n-th failure in a row. */
export function failureDelayMs(failures: number, policy = LOGIN_POLICY): number {
  if (failures < policy.delayAfter || policy.delayBaseMs <= 0) return 0;
  return Math.min(policy.delayMaxMs, policy.delayBaseMs * 2 ** (failures - policy.delayAfter));
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Counts the attempt against the client address; 429 beyond the limit. */
export function limitClient(app: App) {
  return enforce(app, {
    bucket: "login-ip",
    max: LOGIN_POLICY.ipMax,
    windowSeconds: LOGIN_POLICY.ipWindowSeconds,
  });
}

function lockedError(retryAfterSeconds: number) {
  return new HttpError(429, LOCKED_MESSAGE, { "Retry-After": String(Math.max(1, retryAfterSeconds)) });
}

export interface AccountState {
  id: number;
  failed_logins: number;
  locked_until: Date | string | null;
  [k: string]: unknown;
}

/** Throws 429 when the account (or the unknown address) is locked now. */
export async function assertNotLocked(app: App, db: Db, email: string, user: AccountState | undefined) {
  const now = app.now().getTime();
  if (user) {
    const until = user.locked_until ? new Date(user.locked_until).getTime() : 0;
    if (until > now) throw lockedError(Math.ceil((until - now) / 1000));
    return;
  }
  const row = await unknownCounter(app, db, email);
  if (row && row.count >= LOGIN_POLICY.lockAfter) {
    const until = new Date(row.window_start).getTime() + LOGIN_POLICY.lockMinutes * 60_000 * 2;
    throw lockedError(Math.ceil((until - now) / 1000));
  }
}

function unknownKey(app: App, email: string) {
  return createHmac("sha256", `login:${app.secret}`).update(email).digest("base64url").slice(0, 32);
}

// Unknown addresses count in one row per address whose window starts at the first failure and
// lasts lockMinutes, then twice that once locked: the same lifetime as an account's counter
// plus its lock.
async function unknownCounter(app: App, db: Db, email: string) {
  const since = new Date(app.now().getTime() - LOGIN_POLICY.lockMinutes * 60_000 * 2);
  const rows = await db.query<{ count: number; window_start: Date | string }>(
    `SELECT count, window_start FROM rate_limits
      WHERE bucket = 'login-unknown' AND key = $1 AND window_start > $2
      ORDER BY window_start DESC LIMIT 1`,
    [unknownKey(app, email), since.toISOString()],
  );
  return rows[0];
}

/**
 * Records a failure and returns how many failures in a row this is (and whether it just locked
 * the account, so the owner can be told).
 */
export async function recordFailure(
  app: App,
  db: Db,
  email: string,
  user: AccountState | undefined,
): Promise<{ failures: number; lockedNow: boolean }> {
  const now = app.now();
  if (user) {
    const rows = await db.query<{ failed_logins: number }>(
      `UPDATE users SET failed_logins = failed_logins + 1 WHERE id = $1 RETURNING failed_logins`,
      [user.id],
    );
    const failures = Number(rows[0]?.failed_logins ?? 0);
    if (failures >= LOGIN_POLICY.lockAfter) {
      const until = new Date(now.getTime() + LOGIN_POLICY.lockMinutes * 60_000);
      // The counter starts again after the lock, so the next lock also needs lockAfter failures.
      await db.query("UPDATE users SET locked_until = $2, failed_logins = 0 WHERE id = $1", [
        user.id,
        until.toISOString(),
      ]);
      return { failures, lockedNow: true };
    }
    return { failures, lockedNow: false };
  }
  const key = unknownKey(app, email);
  const current = await unknownCounter(app, db, email);
  const windowEnd = current
    ? new Date(current.window_start).getTime() + LOGIN_POLICY.lockMinutes * 60_000
    : 0;
  if (current && windowEnd > now.getTime()) {
    const rows = await db.query<{ count: number }>(
      `UPDATE rate_limits SET count = count + 1
        WHERE bucket = 'login-unknown' AND key = $1 AND window_start = $2 RETURNING count`,
      [key, new Date(current.window_start).toISOString()],
    );
    const failures = Number(rows[0]?.count ?? 0);
    return { failures, lockedNow: failures === LOGIN_POLICY.lockAfter };
  }
  await db.query(
    `INSERT INTO rate_limits (bucket, key, window_start, count) VALUES ('login-unknown', $1, $2, 1)
     ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = rate_limits.count + 1`,
    [key, now.toISOString()],
  );
  return { failures: 1, lockedNow: false };
}

/** A successful sign-in clears the account's counter. */
export async function recordSuccess(db: Db, userId: number) {
  await db.query(
    "UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1 AND (failed_logins <> 0 OR locked_until IS NOT NULL)",
    [userId],
  );
}
