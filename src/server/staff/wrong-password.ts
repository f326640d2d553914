/**
 * What follows a wrong password, wherever it was typed (sign-in, or the current password in
 * Profile Settings): both count against the same guesses of the account (login-guard.ts), so both
 * must answer a failure alike. The failure is written to the audit trail; the guess that starts a
 * lock is too, and the owner is told by e-mail after the answer; from the `delayAfter`th guess on,
 * the answer waits a growing delay.
 */
import type { Deps } from "../common/deps";
import { recordAuth } from "./auth-events";
import { notifyLocked } from "./account-mail";
import * as guard from "./login-guard";

export interface WrongPassword {
  /** The account the guess was for; undefined for an address with none (counted all the same). */
  account: { id: number; email: string } | undefined;
  /** The guess's number in the window (guard.reserveAttempt). */
  attempt: number;
  /** The client's address, for the entry (never logged raw). */
  address: string | null;
  /** The audit action of a failure. */
  action: "auth.login_failed" | "profile.password_failed";
  /** Fields of the log line (a masked e-mail, the client's key, the request id). */
  logFields: Record<string, unknown>;
}

export async function afterWrongPassword(
  deps: Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "after" | "log" | "sleep">,
  w: WrongPassword,
): Promise<void> {
  const lockedNow = guard.startsLock(w.attempt);
  deps.log.info(w.action === "auth.login_failed" ? "login failed" : "wrong current password", {
    ...w.logFields,
    failures: w.attempt,
    lockedNow,
  });
  await recordAuth(deps, w.address, w.action, w.account, { failures: [null, w.attempt] });
  if (lockedNow) await recordAuth(deps, w.address, "auth.lockout", w.account);
  const account = w.account;
  if (lockedNow && account) deps.after(() => notifyLocked(deps, account));
  await deps.sleep(guard.failureDelayMs(w.attempt));
}
