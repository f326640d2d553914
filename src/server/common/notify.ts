/**
 * Sends a message through the mail port and records the outcome in mail_log. A failure never
 * undoes what was already stored: it is logged and kept for a later re-send.
 */
import type { Deps } from "./deps";
import { log, maskEmail } from "../platform/log";
import type { MailMessage } from "../platform/mail/mail";
import { bump, DAY_SECONDS, emailKey } from "./rate-limit";

export interface MailRef {
  kind: string;
  refTable?: string;
  refId?: number;
}

export async function sendAndRecord(
  deps: Pick<Deps, "db" | "mail" | "now" | "requestId">,
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
    log.error("mail failed", { kind: ref.kind, to: maskEmail(msg.to), error, requestId: deps.requestId });
  }
  await recordMail(deps, ref, msg, ok ? null : (error ?? "failed"));
  return ok;
}

/** Records one attempt in mail_log: sent when `error` is null, failed with it otherwise. */
export async function recordMail(
  deps: Pick<Deps, "db" | "now" | "requestId">,
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
    log.error("mail log failed", { kind: ref.kind, error: String(err), requestId: deps.requestId });
  }
}

/**
 * Mail that someone else's request makes the site send to an address (codes, password notices,
 * lock notices): at most this many per recipient per UTC day, however many requests arrive at
 * once, so nobody's mailbox can be flooded through the site.
 */
export const RECIPIENT_DAILY_MAX = 12;

/** Sends like sendAndRecord within the recipient's daily cap; false (nothing sent) beyond it. */
export async function sendVisitorMail(
  deps: Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId">,
  msg: MailMessage,
  ref: MailRef,
): Promise<boolean> {
  const db = deps.db;
  const count = await bump(db, "mail-to", emailKey(deps.secret, msg.to), {
    now: deps.now(),
    windowSeconds: DAY_SECONDS,
  });
  if (count > RECIPIENT_DAILY_MAX) {
    log.warn("mail not sent: the recipient's daily cap is reached", {
      kind: ref.kind,
      to: maskEmail(msg.to),
      requestId: deps.requestId,
    });
    return false;
  }
  return sendAndRecord(deps, msg, ref);
}
