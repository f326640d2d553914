/**
 * The self-service privacy page's access, as a request carries it: a right e-mail code gives the
 * browser a random token (only its hash is stored, with the code) that opens /api/privacy/* for
 * 30 minutes. Read by the HTTP layer; the codes are issued by the privacy feature.
 */
import { hashToken } from "./codes";
import type { Deps } from "./deps";

/** How long a verified code opens the page. */
export const PRIVACY_ACCESS_MINUTES = 30;

/** The address a page token was verified for within the last 30 minutes, or undefined. */
export async function privacyTokenEmail(
  deps: Pick<Deps, "db" | "now">,
  token: string | undefined,
): Promise<string | undefined> {
  if (!token || !/^[\w-]{20,100}$/.test(token)) return undefined;
  const since = new Date(deps.now().getTime() - PRIVACY_ACCESS_MINUTES * 60_000);
  const rows = await deps.db.query<{ email: string }>(
    `SELECT email FROM email_codes WHERE token_hash = $1 AND purpose = 'privacy' AND verified_at > $2`,
    [hashToken(token), since.toISOString()],
  );
  return rows[0]?.email;
}
