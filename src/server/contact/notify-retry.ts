/**
 * Sales notifications that did not go out are sent again: by a scheduled job every 10 minutes
 * (netlify/functions/retry-notifications.ts; the local server runs it on a timer), with a growing
 * wait between attempts, and by staff from the leads inbox ("Send again").
 *
 * Every attempt is a row of mail_log (kind 'inquiry'), so the attempts and their times need no
 * table of their own. A send is claimed on the inquiry row first, so two senders never mail sales
 * twice for one inquiry at once.
 */
import type { Deps } from "../common/deps";
import { recordAudit, type Actor } from "../common/audit";
import { Conflict, NotFound, UpstreamFailed } from "../common/errors";
import { notifySales } from "./sales-mail";
import type { Db } from "../platform/db/db";

export const RETRY = {
  /** The wait after the first failure; it doubles after each further one. */
  firstDelayMinutes: 10,
  maxDelayMinutes: 12 * 60,
  /** After this, only staff send again: the lead is in the inbox, and a week-old alert helps nobody. */
  giveUpDays: 7,
  /** Inquiries tried per run, so one run stays well inside a function's time limit. */
  batch: 20,
  /** How long a claim holds if its sender dies before releasing it. */
  claimSeconds: 120,
} as const;

/** Minutes to wait after the `failures`-th failed attempt: 10, 20, 40, ... at most 12 hours. */
export function retryDelayMinutes(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(RETRY.firstDelayMinutes * 2 ** (failures - 1), RETRY.maxDelayMinutes);
}

export interface PendingNotification {
  id: number;
  createdAt: Date;
  /** Failed attempts so far (at least one: the one made when the inquiry arrived). */
  failures: number;
  lastAttempt: Date;
}

/** When the next automatic attempt is due, or null when there will be none. */
export function nextAttemptAt(p: PendingNotification): Date | null {
  const giveUp = p.createdAt.getTime() + RETRY.giveUpDays * 86_400_000;
  const at = p.lastAttempt.getTime() + retryDelayMinutes(p.failures) * 60_000;
  return at > giveUp ? null : new Date(at);
}

const NOT_SENT = `NOT EXISTS (SELECT 1 FROM mail_log s
                     WHERE s.ref_table = 'inquiries' AND s.ref_id = i.id AND s.kind = 'inquiry'
                       AND s.status = 'sent')`;

/**
 * Inquiries of the last `giveUpDays` whose notification failed and never went out since, with
 * their attempts. (Every inquiry's notification is tried when it arrives, and each try is recorded.)
 */
export async function pendingNotifications(deps: Pick<Deps, "db" | "now">): Promise<PendingNotification[]> {
  const now = deps.now();
  const rows = await deps.db.query<{
    id: number;
    created_at: Date | string;
    failures: number;
    last_attempt: Date | string;
  }>(
    `SELECT i.id, i.created_at, count(m.id)::int AS failures, max(m.created_at) AS last_attempt
       FROM inquiries i
       JOIN mail_log m ON m.ref_table = 'inquiries' AND m.ref_id = i.id AND m.kind = 'inquiry'
      WHERE i.created_at > $1::timestamptz AND ${NOT_SENT}
      GROUP BY i.id, i.created_at
      ORDER BY i.id`,
    [new Date(now.getTime() - RETRY.giveUpDays * 86_400_000).toISOString()],
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at),
    failures: Number(r.failures),
    lastAttempt: new Date(r.last_attempt),
  }));
}

/**
 * Claims the sending of one inquiry's notification: true for exactly one caller at a time, and
 * never once the notification went out.
 *
 * Why a second look after the claim: under READ COMMITTED, an UPDATE that meets a row changed
 * since its snapshot rechecks its condition on the row's newest version, but reads other tables
 * (mail_log, in NOT_SENT) as of its snapshot. So a claim whose statement began before another
 * sender claimed, sent and released could still see the notification as unsent and claim it. A
 * sender records the sent mail before it releases its claim, so a new statement after a claim
 * that succeeded sees every send that came before it.
 */
export async function claimNotification(deps: Pick<Deps, "db" | "now">, id: number): Promise<boolean> {
  const now = deps.now();
  const rows = await deps.db.query(
    `UPDATE inquiries i SET notify_claimed_until = $2::timestamptz + make_interval(secs => $3)
      WHERE i.id = $1 AND (i.notify_claimed_until IS NULL OR i.notify_claimed_until <= $2::timestamptz)
        AND ${NOT_SENT}
      RETURNING i.id`,
    [id, now.toISOString(), RETRY.claimSeconds],
  );
  if (rows.length !== 1) return false;
  const [fresh] = await deps.db.query<{ unsent: boolean }>(
    `SELECT ${NOT_SENT} AS unsent FROM inquiries i WHERE i.id = $1`,
    [id],
  );
  if (fresh?.unsent) return true;
  await release(deps.db, id);
  return false;
}

async function release(db: Db, id: number): Promise<void> {
  await db.query("UPDATE inquiries SET notify_claimed_until = NULL WHERE id = $1", [id]);
}

/** What sending a notification again needs. */
export type RetryDeps = Pick<Deps, "db" | "mail" | "now" | "env" | "requestId" | "log">;

async function sendClaimed(deps: RetryDeps, id: number): Promise<boolean> {
  try {
    return await notifySales(deps, id);
  } finally {
    await release(deps.db, id).catch((err: unknown) =>
      deps.log.warn("notification claim not released", { inquiryId: id, error: String(err) }),
    );
  }
}

export interface RetryRun {
  due: number;
  sent: number;
  failed: number;
}

/** One run of the scheduled job: sends again every notification whose wait is over. */
export async function retryNotifications(deps: RetryDeps): Promise<RetryRun> {
  const now = deps.now();
  const due = (await pendingNotifications(deps))
    .filter((p) => {
      const at = nextAttemptAt(p);
      return at !== null && at <= now;
    })
    .slice(0, RETRY.batch);
  const run: RetryRun = { due: due.length, sent: 0, failed: 0 };
  for (const p of due) {
    if (!(await claimNotification(deps, p.id))) continue;
    if (await sendClaimed(deps, p.id)) run.sent++;
    else run.failed++;
  }
  if (run.due > 0) deps.log.info("sales notifications retried", { ...run });
  return run;
}

export const RESEND_MESSAGES = {
  sent: "Notification sent to sales",
  already: "The notification for this lead was already sent.",
  busy: "This notification is being sent right now. Reload the list in a minute.",
  failed:
    "The notification could not be sent: the mail service did not accept it. It will be tried again automatically.",
} as const;

/** "Send again" from the leads inbox: sends now, whatever the wait. Throws NotFound, Conflict or UpstreamFailed. */
export async function resendNotification(deps: RetryDeps, id: number, actor: Actor): Promise<void> {
  const [row] = await deps.db.query<{ sent: boolean }>(
    `SELECT NOT ${NOT_SENT} AS sent FROM inquiries i WHERE i.id = $1`,
    [id],
  );
  if (!row) throw new NotFound("This inquiry no longer exists.");
  if (row.sent) throw new Conflict(RESEND_MESSAGES.already);
  if (!(await claimNotification(deps, id))) throw new Conflict(RESEND_MESSAGES.busy);
  if (!(await sendClaimed(deps, id))) throw new UpstreamFailed(RESEND_MESSAGES.failed);
  // Not one transaction with the send: it is claimed and recorded in transactions of its own so
  // that the scheduled retry never mails sales twice; the entry follows a send that went out.
  await recordAudit(deps, actor, { action: "lead.notification_resent", entity: "lead", entityId: id });
}
