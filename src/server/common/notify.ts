/**
 * Sends a message through the mail port and records the outcome in mail_log. A failure never
 * undoes what was already stored: it is logged and kept for a later re-send.
 */
import type { Deps } from "./deps";
import { maskEmail } from "../platform/log";
import type { MailMessage } from "../platform/mail/mail";
import { bump, DAY_SECONDS, emailKey } from "./rate-limit";
import { LOCK_NOTICES_DAILY_MAX, RECIPIENT_DAILY_MAX } from "./policies";

export interface MailRef {
  kind: string;
  refTable?: string;
  refId?: number;
}

export async function sendAndRecord(
  deps: Pick<Deps, "db" | "mail" | "now" | "requestId" | "log">,
  msg: MailMessage,
  ref: MailRef,
): Promise<boolean> {
  let ok = true;
  let error: string | null = null;
  try {
    await deps.mail.send(msg);
  } catch (err) {
    ok = false;
    error = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
    deps.log.error("mail failed", {
      kind: ref.kind,
      to: maskEmail(msg.to),
      error,
      requestId: deps.requestId,
    });
  }
  await recordMail(deps, ref, msg, ok ? null : (error ?? "failed"));
  return ok;
}

/** Records one attempt in mail_log: sent when `error` is null, failed with it otherwise. */
export async function recordMail(
  deps: Pick<Deps, "db" | "now" | "requestId" | "log">,
  ref: MailRef,
  msg: Pick<MailMessage, "to" | "subject">,
  error: string | null,
): Promise<void> {
  try {
    const db = deps.db;
    await db.query(
      `INSERT INTO mail_log (kind, ref_table, ref_id, recipient, subject, status, error, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        ref.kind,
        ref.refTable ?? null,
        ref.refId ?? null,
        msg.to,
        msg.subject,
        error === null ? "sent" : "failed",
        error,
        // The application's clock, which the retry job's waits are measured against.
        deps.now().toISOString(),
      ],
    );
  } catch (err) {
    deps.log.error("mail log failed", { kind: ref.kind, error: String(err), requestId: deps.requestId });
  }
}

/** Providers whose mailboxes ignore dots in the local part (they deliver "o.w.n.e.r" to "owner"). */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address delivers to, as the key of its daily caps: lower case, without a `+tag`
 * (any provider: a stricter cap costs an address that really has a "+" nothing), and without dots
 * for the providers that ignore them. Only the key: mail still goes to the address as typed.
 * (validator's normalizeEmail drops tags only for a few named providers, and staff addresses are
 * on the company's own domain.)
 */
export function mailboxOf(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at < 1) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  local = local.split("+")[0] || local;
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replace(/\./g, "") || local;
  }
  return `${local}@${domain}`;
}

/** What became of a capped message: sent, failed (kept in mail_log for a re-send), or capped. */
export type CappedSend = "sent" | "failed" | "capped";

/** Sends like sendAndRecord within a mailbox's daily cap; "capped" (nothing sent) beyond it. */
async function sendWithinCap(
  deps: Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "log">,
  msg: MailMessage,
  ref: MailRef,
  cap: { bucket: string; max: number },
): Promise<CappedSend> {
  const count = await bump(deps.db, cap.bucket, emailKey(deps.secret, mailboxOf(msg.to)), {
    now: deps.now(),
    windowSeconds: DAY_SECONDS,
  });
  if (count > cap.max) {
    deps.log.warn("mail not sent: the recipient's daily cap is reached", {
      kind: ref.kind,
      cap: cap.bucket,
      to: maskEmail(msg.to),
      requestId: deps.requestId,
    });
    return "capped";
  }
  return (await sendAndRecord(deps, msg, ref)) ? "sent" : "failed";
}

/** Mail a visitor's request causes (codes, their pause notices): RECIPIENT_DAILY_MAX per mailbox. */
export function sendVisitorMail(
  deps: Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "log">,
  msg: MailMessage,
  ref: MailRef,
): Promise<CappedSend> {
  return sendWithinCap(deps, msg, ref, { bucket: "mail-to", max: RECIPIENT_DAILY_MAX });
}

/**
 * Mail to a staff member about their own account. It never shares the visitors' cap, which anyone
 * can fill: a password change is always told (each needs the password, a code or an
 * administrator, so none can be repeated by a stranger at will); a lock notice counts only
 * against LOCK_NOTICES_DAILY_MAX.
 */
export async function sendAccountMail(
  deps: Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "log">,
  msg: MailMessage,
  ref: MailRef,
  kind: "password" | "lock",
): Promise<CappedSend> {
  if (kind === "lock")
    return sendWithinCap(deps, msg, ref, { bucket: "mail-lock", max: LOCK_NOTICES_DAILY_MAX });
  return (await sendAndRecord(deps, msg, ref)) ? "sent" : "failed";
}
