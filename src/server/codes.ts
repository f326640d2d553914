/**
 * One-time e-mail codes (application e-mail verification, password reset): 6 digits from a
 * CSPRNG, stored only as an HMAC, valid 10 minutes, single use, void after 5 wrong tries, and at
 * most one new code a minute per address.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { App } from "./app";
import { HttpError } from "./http";

export type CodePurpose = "application" | "password_reset";

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;

function hashCode(secret: string, purpose: CodePurpose, email: string, code: string): string {
  return createHmac("sha256", `code:${secret}`).update(`${purpose}\n${email}\n${code}`).digest("hex");
}

/** Issues a new code for the address (voiding any earlier one) and returns it for mailing. */
export async function issueCode(app: App, purpose: CodePurpose, email: string): Promise<string> {
  const db = await app.db();
  const now = app.now();
  const address = email.toLowerCase();
  return db.transaction(async (tx) => {
    const recent = await tx.query<{ created_at: Date | string }>(
      `SELECT created_at FROM email_codes WHERE purpose = $1 AND email = $2
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [purpose, address],
    );
    const last = recent[0] ? new Date(recent[0].created_at).getTime() : 0;
    const wait = Math.ceil((last + CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
    if (wait > 0) {
      throw new HttpError(
        429,
        `A code was sent a moment ago. You can ask for a new one in ${wait} seconds.`,
        {
          "Retry-After": String(wait),
        },
      );
    }
    await tx.query(
      "UPDATE email_codes SET consumed_at = $3 WHERE purpose = $1 AND email = $2 AND consumed_at IS NULL",
      [purpose, address, now.toISOString()],
    );
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await tx.query(
      `INSERT INTO email_codes (purpose, email, code_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        purpose,
        address,
        hashCode(app.secret, purpose, address, code),
        now.toISOString(),
        new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
      ],
    );
    return code;
  });
}

export type VerifyResult = "ok" | "wrong" | "expired" | "none";

/** Checks a code; a right one is used up, a wrong one counts against the 5 tries. */
export async function verifyCode(
  app: App,
  purpose: CodePurpose,
  email: string,
  code: string,
): Promise<VerifyResult> {
  const db = await app.db();
  const now = app.now();
  const address = email.toLowerCase();
  return db.transaction(async (tx) => {
    const rows = await tx.query<{
      id: number;
      code_hash: string;
      expires_at: Date | string;
      attempts: number;
    }>(
      `SELECT id, code_hash, expires_at, attempts FROM email_codes
        WHERE purpose = $1 AND email = $2 AND consumed_at IS NULL
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [purpose, address],
    );
    const row = rows[0];
    if (!row) return "none";
    if (new Date(row.expires_at).getTime() <= now.getTime() || row.attempts >= CODE_MAX_ATTEMPTS) {
      await tx.query("UPDATE email_codes SET consumed_at = $2 WHERE id = $1", [row.id, now.toISOString()]);
      return "expired";
    }
    const expected = Buffer.from(row.code_hash, "hex");
    const given = Buffer.from(
      hashCode(app.secret, purpose, address, /^\d{6}$/.test(code) ? code : "x"),
      "hex",
    );
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await tx.query("UPDATE email_codes SET consumed_at = $2, verified_at = $2 WHERE id = $1", [
        row.id,
        now.toISOString(),
      ]);
      return "ok";
    }
    const attempts = row.attempts + 1;
    await tx.query(
      "UPDATE email_codes SET attempts = $2::int, consumed_at = CASE WHEN $2::int >= $3::int THEN $4::timestamptz END WHERE id = $1",
      [row.id, attempts, CODE_MAX_ATTEMPTS, now.toISOString()],
    );
    return "wrong";
  });
}

/** True when the address proved it owns the mailbox within the last `minutes`. */
export async function hasRecentVerification(
  app: App,
  purpose: CodePurpose,
  email: string,
  minutes: number,
): Promise<boolean> {
  const db = await app.db();
  const since = new Date(app.now().getTime() - minutes * 60_000);
  const rows = await db.query(
    "SELECT 1 FROM email_codes WHERE purpose = $1 AND email = $2 AND verified_at > $3 LIMIT 1",
    [purpose, email.toLowerCase(), since.toISOString()],
  );
  return rows.length > 0;
}
