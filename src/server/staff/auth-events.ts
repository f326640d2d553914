/**
 * Sign-in events in the audit trail: sign-ins, failures, lockouts, sign-outs and
 * password resets. The entry names the account an attempt was for when one exists, never the
 * address typed for an unknown one, and never a password or a code.
 */
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import { recordAudit } from "../common/audit";
import { findUserByEmail } from "./credentials";
import { revokeSession } from "./sessions";

export type AuthAction =
  | "auth.login"
  | "auth.login_failed"
  | "auth.lockout"
  | "auth.logout"
  | "auth.reset_requested"
  | "auth.reset_failed"
  | "auth.password_reset";

/**
 * Writes a sign-in event: the one way every sign-in, failure, lockout, sign-out and reset reaches
 * the trail. `account` is the account the attempt was for, when one exists; `address` the
 * client's address (the housekeeping job shortens it later).
 */
export async function recordAuth(
  deps: Pick<Deps, "db" | "now">,
  address: string | null,
  action: AuthAction | "profile.password_failed",
  account: { id: number; email: string } | undefined,
  changes?: Record<string, readonly [unknown, unknown]>,
) {
  await recordAudit(
    deps,
    { userId: account?.id ?? null, email: account?.email ?? null, address: address || null },
    { action, entity: account ? "user" : null, entityId: account?.id ?? null, changes },
  );
}

/** The account an e-mail address names, if any (for the entry only). */
export async function accountOf(db: Db, email: string) {
  const u = await findUserByEmail({ db }, email);
  return u ? { id: u.id, email: u.email } : undefined;
}

/** Ends a session and records the sign-out, in one transaction. */
export async function signOut(
  deps: Pick<Deps, "db" | "now">,
  address: string | null,
  s: { sessionId: string; userId: number; email: string },
) {
  await deps.db.transaction(async (tx) => {
    const inTx = { ...deps, db: tx };
    await revokeSession(inTx, s.sessionId);
    await recordAuth(inTx, address, "auth.logout", { id: s.userId, email: s.email });
  });
}
