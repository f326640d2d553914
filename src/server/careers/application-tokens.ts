/**
 * The single-use token of an application: a right application code binds it (common/codes.ts,
 * `verifyCode` with a token), the browser carries it in the __Host-apply cookie
 * (http/cookies.ts), and the application uses it up in its own transaction.
 */
import type { Deps } from "../common/deps";
import { hashToken } from "../common/codes";
import type { Db } from "../platform/db/db";

/**
 * The address a live application token was issued for (verified within `minutes`, not used
 * yet), or undefined. Cheap: one indexed read, done before an application's body is read.
 */
export async function applicationTokenEmail(
  deps: Pick<Deps, "db" | "now">,
  token: string | undefined,
  minutes: number,
): Promise<string | undefined> {
  if (!token || !/^[\w-]{20,100}$/.test(token)) return undefined;
  const db = deps.db;
  const since = new Date(deps.now().getTime() - minutes * 60_000);
  const rows = await db.query<{ email: string }>(
    `SELECT email FROM email_codes WHERE token_hash = $1 AND purpose = 'application'
        AND token_used_at IS NULL AND verified_at > $2`,
    [hashToken(token), since.toISOString()],
  );
  return rows[0]?.email;
}

/** Uses the token up (inside the application's transaction); false when it is gone or not this address's. */
export async function claimApplicationToken(
  deps: Pick<Deps, "now">,
  tx: Db,
  token: string,
  email: string,
  minutes: number,
): Promise<boolean> {
  const since = new Date(deps.now().getTime() - minutes * 60_000);
  const rows = await tx.query(
    `UPDATE email_codes SET token_used_at = $4 WHERE token_hash = $1 AND purpose = 'application'
        AND email = $2 AND token_used_at IS NULL AND verified_at > $3 RETURNING id`,
    [hashToken(token), email.toLowerCase(), since.toISOString(), deps.now().toISOString()],
  );
  return rows.length > 0;
}
