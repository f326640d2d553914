/**
 * Brute-force protection of sign-in (sign-in.ts).
 *
 * Guesses are counted in the database, so every function instance sees them:
 * - per client address, in rate_limits (rate-limit.ts): one address (an IPv6 /64) may try
 *   CLIENT_LIMITS.login times per window, whichever accounts it aims at (429 beyond), counted by
 *   the endpoint before the body is read (src/server/common/policies.ts);
 * - per e-mail address, in login_attempts, under an HMAC of the address: one row shape for real
 *   accounts and unknown addresses, so both count, lock and age out exactly alike and the lock
 *   does not reveal which e-mails have accounts.
 *
 * A guess is reserved before the password is compared, in one statement (an upsert that row-locks
 * the counter), and a guess over the limit is refused without a comparison: however many arrive
 * at once, at most `lockAfter` are compared per window. From the `delayAfter`th guess on, each
 * failure is answered after a growing delay. The `lockAfter`th guess starts a `lockMinutes` lock;
 * after it the counter starts again from zero. Only a successful sign-in (or a password reset or
 * change) clears the counter.
 *
 * Why a lock cannot keep the real user out for ever:
 * - it is short and never escalates (15 minutes, then the counter starts again from zero);
 * - a password reset by e-mail code (proof that the person holds the mailbox, which an attacker
 *   guessing passwords does not) clears the counter at once, and the forgot-password flow is
 *   never blocked by a lock;
 * - when a lock starts, the owner gets an e-mail saying so and pointing at the reset.
 * A correct password during a lock is still refused: accepting it would turn the lock into an
 * oracle that tells a guesser when a guess was right.
 */
import { createHmac } from "node:crypto";
import type { Deps } from "../common/deps";
import { RateLimited } from "../common/errors";
import { LOGIN_POLICY } from "../common/policies";

export const LOCKED_MESSAGE =
  "Too many failed sign-in attempts. Please try again in 15 minutes, or reset your password with Forgot Password.";

/** The delay before answering the n-th failure in a row. */
export function failureDelayMs(failures: number, policy = LOGIN_POLICY): number {
  if (failures < policy.delayAfter || policy.delayBaseMs <= 0) return 0;
  return Math.min(policy.delayMaxMs, policy.delayBaseMs * 2 ** (failures - policy.delayAfter));
}

function lockedError(retryAfterSeconds: number) {
  return new RateLimited(LOCKED_MESSAGE, Math.max(1, retryAfterSeconds));
}

/** The counter's key: an HMAC of the address, so the table holds no e-mail addresses. */
export function attemptKey(deps: Pick<Deps, "secret">, email: string) {
  return createHmac("sha256", `login:${deps.secret}`)
    .update(email.toLowerCase())
    .digest("base64url")
    .slice(0, 32);
}

/**
 * Reserves one guess for the address before its password is compared, in one statement, and
 * returns its number in the window. Throws 429 (no comparison) when the address is locked.
 * The window starts at the first guess; the `lockAfter`th guess restarts it, so the lock lasts
 * `lockMinutes` from then; after the window the count starts again from one.
 */
export async function reserveAttempt(
  deps: Pick<Deps, "db" | "now" | "secret">,
  email: string,
): Promise<{ attempt: number }> {
  const now = deps.now();
  const windowMs = LOGIN_POLICY.lockMinutes * 60_000;
  const rows = await deps.db.query<{ attempts: number; window_start: Date | string }>(
    `INSERT INTO login_attempts (key, window_start, attempts) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN login_attempts.window_start <= $3 THEN 1
                       ELSE LEAST(login_attempts.attempts + 1, 1000000) END,
       window_start = CASE WHEN login_attempts.window_start <= $3 THEN $2
                           WHEN login_attempts.attempts + 1 = $4::int THEN $2
                           ELSE login_attempts.window_start END
     RETURNING attempts, window_start`,
    [
      attemptKey(deps, email),
      now.toISOString(),
      new Date(now.getTime() - windowMs).toISOString(),
      LOGIN_POLICY.lockAfter,
    ],
  );
  const attempt = Number(rows[0]?.attempts ?? 1);
  if (attempt > LOGIN_POLICY.lockAfter) {
    const until = new Date(rows[0]!.window_start).getTime() + windowMs;
    throw lockedError(Math.ceil((until - now.getTime()) / 1000));
  }
  return { attempt };
}

/** True when this failed guess is the one that starts the lock (the owner is told by e-mail). */
export const startsLock = (attempt: number) => attempt === LOGIN_POLICY.lockAfter;

/** A successful sign-in, a password reset or a new password clears the address's counter. */
export async function clearAttempts(deps: Pick<Deps, "db" | "secret">, email: string) {
  await deps.db.query("DELETE FROM login_attempts WHERE key = $1", [attemptKey(deps, email)]);
}
