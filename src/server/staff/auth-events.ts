/**
 * Sign-in events in the audit trail: sign-ins, failures, lockouts, sign-outs and
 * password resets. The entry names the account an attempt was for when one exists, never the
 * address typed for an unknown one, and never a password or a code.
 */
import type { Db } from "../platform/db/db";
import { audit } from "../common/audit";
import { findUserByEmail } from "./credentials";

export type AuthAction =
  | "auth.login"
  | "auth.login_failed"
  | "auth.lockout"
  | "auth.logout"
  | "auth.reset_requested"
  | "auth.reset_failed"
  | "auth.password_reset";

export async function recordAuth(
  app: { clientIp: string; now(): Date },
  db: Db,
  action: AuthAction,
  account: { id: number; email: string } | undefined,
  changes?: Record<string, readonly [unknown, unknown]>,
) {
  await audit(
    db,
    { userId: account?.id ?? null, email: account?.email ?? null, address: app.clientIp || null },
    { action, entity: account ? "user" : null, entityId: account?.id ?? null, changes },
    app.now(),
  );
}

/** The account an e-mail address names, if any (for the entry only). */
export async function accountOf(db: Db, email: string) {
  const u = await findUserByEmail({ db }, email);
  return u ? { id: u.id, email: u.email } : undefined;
}
