/**
 * One-time e-mail codes (application e-mail verification, password reset, the privacy
 * self-service page): 6 digits from a
 * CSPRNG, stored only as an HMAC, valid 10 minutes, single use, void after 5 wrong tries, at
 * most one new code a minute per address, and per address and UTC day at most
 * CODES_PER_DAY codes and WRONG_TRIES_PER_DAY wrong tries; past either, the address is refused
 * until the next day and its owner is told by e-mail (once a day). Every issue and check for one
 * address runs under one advisory lock, so parallel requests cannot each pass a check.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Deps } from "./deps";
import type { Db } from "../platform/db/db";
import { site } from "../../config/site";
import { RateLimited } from "./errors";
import { maskEmail } from "../platform/log";
import { sendVisitorMail } from "./notify";
import { bump, DAY_SECONDS, emailKey, firstTime, peek, secondsToNextDay } from "./rate-limit";
import { CODES_PER_DAY, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, WRONG_TRIES_PER_DAY } from "./policies";

export type CodePurpose = "application" | "password_reset" | "privacy";

export const CODE_TTL_SECONDS = 10 * 60;

export const CODES_CAP_MESSAGE =
  "Too many codes were asked for this e-mail address today. Please try again tomorrow.";
export const TRIES_CAP_MESSAGE =
  "Too many wrong codes were entered for this e-mail address today. Please try again tomorrow.";

const PURPOSE_WORDS: Record<CodePurpose, string> = {
  password_reset: `password reset of your ${site.name} dashboard account`,
  application: `job application e-mail verification at ${site.name}`,
  privacy: `seeing or deleting your data at ${site.name}`,
};

const lockAddress = (tx: Db, purpose: CodePurpose, address: string) =>
  tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`code:${purpose}:${address}`]);

/** What issuing and checking codes needs. */
export type CodeDeps = Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "after" | "log">;

const day = (deps: Pick<Deps, "now">) => ({ now: deps.now(), windowSeconds: DAY_SECONDS });

function capError(deps: Pick<Deps, "now">, message: string) {
  return new RateLimited(message, secondsToNextDay(deps.now()));
}

/**
 * Tells the address's owner, once a day, that codes for it are paused until tomorrow (after the
 * answer, so the answer's timing says nothing). A reset is told only to a real account.
 */
async function noticeCap(deps: CodeDeps, purpose: CodePurpose, address: string, what: "codes" | "tries") {
  const db = deps.db;
  if (!(await firstTime(db, `code-cap-notice:${purpose}`, emailKey(deps.secret, address), day(deps)))) return;
  deps.log.warn("e-mail codes paused for today", {
    purpose,
    what,
    email: maskEmail(address),
    requestId: deps.requestId,
  });
  deps.after(async () => {
    if (purpose === "password_reset") {
      const users = await db.query("SELECT 1 FROM users WHERE email = $1", [address]);
      if (users.length === 0) return;
    }
    const reason =
      what === "codes"
        ? `${CODES_PER_DAY} codes were asked for`
        : `${WRONG_TRIES_PER_DAY} wrong codes were entered for`;
    const subject =
      purpose === "password_reset"
        ? "Password reset codes paused for today"
        : "Verification codes paused for today";
    await sendVisitorMail(
      deps,
      {
        to: address,
        subject,
        text: [
          `Today ${reason} your e-mail address (${PURPOSE_WORDS[purpose]}).`,
          "No more codes are sent or accepted for it until tomorrow (UTC).",
          "",
          purpose === "password_reset"
            ? "If this was not you, someone may be trying to take over your account: your password is unchanged. Tell your administrator."
            : "If this was not you, you can ignore this message.",
        ].join("\n"),
      },
      { kind: "code_cap_notice" },
    );
  });
}
function hashCode(secret: string, purpose: CodePurpose, email: string, code: string): string {
  return createHmac("sha256", `code:${secret}`).update(`${purpose}\n${email}\n${code}`).digest("hex");
}

/** Issues a new code for the address (voiding any earlier one) and returns it for mailing. */
export async function issueCode(deps: CodeDeps, purpose: CodePurpose, email: string): Promise<string> {
  const db = deps.db;
  const now = deps.now();
  const address = email.toLowerCase();
  let capped = false;
  try {
    return await db.transaction(async (tx) => {
      await lockAddress(tx, purpose, address);
      const recent = await tx.query<{ created_at: Date | string }>(
        `SELECT created_at FROM email_codes WHERE purpose = $1 AND email = $2
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [purpose, address],
      );
      const last = recent[0] ? new Date(recent[0].created_at).getTime() : 0;
      const wait = Math.ceil((last + CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
      if (wait > 0) {
        throw new RateLimited(
          `A code was sent a moment ago. You can ask for a new one in ${wait} seconds.`,
          wait,
        );
      }
      if (
        (await peek(tx, `code-wrong:${purpose}`, emailKey(deps.secret, address), day(deps))) >=
        WRONG_TRIES_PER_DAY
      )
        throw capError(deps, TRIES_CAP_MESSAGE);
      const issued = await bump(tx, `code-issued:${purpose}`, emailKey(deps.secret, address), day(deps));
      if (issued > CODES_PER_DAY) {
        capped = true;
        throw capError(deps, CODES_CAP_MESSAGE);
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
          hashCode(deps.secret, purpose, address, code),
          now.toISOString(),
          new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
        ],
      );
      return code;
    });
  } catch (err) {
    if (capped) await noticeCap(deps, purpose, address, "codes");
    throw err;
  }
}

export type VerifyResult = "ok" | "wrong" | "expired" | "none";

export const hashToken = (token: string) => createHash("sha256").update(`apply:${token}`).digest("hex");

/** A new single-use token that a verified application code hands out. */
export const newToken = () => randomBytes(32).toString("base64url");

/**
 * Checks a code; a right one is used up, a wrong one counts against the code's 5 tries and the
 * address's daily wrong tries (429 once those are spent). With `token`, a right code also binds
 * that single-use token (its hash) to the verification. With `countEveryMiss`, a check that finds
 * no code, or a spent one, counts as a wrong try too: every address then meets the same caps (and
 * the same notice), whether or not a code was ever sent to it.
 */
export async function verifyCode(
  deps: CodeDeps,
  purpose: CodePurpose,
  email: string,
  code: string,
  opts: { token?: string; countEveryMiss?: boolean } = {},
): Promise<VerifyResult> {
  const db = deps.db;
  const now = deps.now();
  const address = email.toLowerCase();
  let cappedNow = false;
  const result = await db.transaction(async (tx): Promise<VerifyResult> => {
    await lockAddress(tx, purpose, address);
    const wrongKey = emailKey(deps.secret, address);
    if ((await peek(tx, `code-wrong:${purpose}`, wrongKey, day(deps))) >= WRONG_TRIES_PER_DAY)
      throw capError(deps, TRIES_CAP_MESSAGE);
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
    const miss = async (r: "none" | "expired"): Promise<VerifyResult> => {
      if (opts.countEveryMiss)
        cappedNow = (await bump(tx, `code-wrong:${purpose}`, wrongKey, day(deps))) >= WRONG_TRIES_PER_DAY;
      return r;
    };
    if (!row) return miss("none");
    if (new Date(row.expires_at).getTime() <= now.getTime() || row.attempts >= CODE_MAX_ATTEMPTS) {
      await tx.query("UPDATE email_codes SET consumed_at = $2 WHERE id = $1", [row.id, now.toISOString()]);
      return miss("expired");
    }
    const expected = Buffer.from(row.code_hash, "hex");
    const given = Buffer.from(
      hashCode(deps.secret, purpose, address, /^\d{6}$/.test(code) ? code : "x"),
      "hex",
    );
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await tx.query(
        "UPDATE email_codes SET consumed_at = $2, verified_at = $2, token_hash = $3 WHERE id = $1",
        [row.id, now.toISOString(), opts.token ? hashToken(opts.token) : null],
      );
      return "ok";
    }
    const attempts = row.attempts + 1;
    const wrongToday = await bump(tx, `code-wrong:${purpose}`, wrongKey, day(deps));
    cappedNow = wrongToday >= WRONG_TRIES_PER_DAY;
    await tx.query(
      "UPDATE email_codes SET attempts = $2::int, consumed_at = CASE WHEN $2::int >= $3::int OR $5::boolean THEN $4::timestamptz END WHERE id = $1",
      [row.id, attempts, CODE_MAX_ATTEMPTS, now.toISOString(), cappedNow],
    );
    return "wrong";
  });
  if (cappedNow) await noticeCap(deps, purpose, address, "tries");
  return result;
}

/** True when the address proved it owns the mailbox within the last `minutes`. */
export async function hasRecentVerification(
  deps: Pick<Deps, "db" | "now">,
  purpose: CodePurpose,
  email: string,
  minutes: number,
): Promise<boolean> {
  const db = deps.db;
  const since = new Date(deps.now().getTime() - minutes * 60_000);
  const rows = await db.query(
    "SELECT 1 FROM email_codes WHERE purpose = $1 AND email = $2 AND verified_at > $3 LIMIT 1",
    [purpose, email.toLowerCase(), since.toISOString()],
  );
  return rows.length > 0;
}
