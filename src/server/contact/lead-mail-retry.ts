/**
 * A lead's other mails that did not go out are sent again by the job that retries sales
 * notifications (netlify/functions/retry-notifications.ts, every 10 minutes), with the same waits
 * (RETRY): the owner's "this lead is yours" (kind 'lead-owner') and the overdue reminders
 * ('lead-overdue'), each to the address it failed for, while it still means something: the
 * owner's mail while that person still owns the lead, a reminder while the lead still waits for
 * that answer (and, for an owned lead, to its owner). Every attempt is a row of mail_log; one run
 * at a time (a transaction-scoped advisory lock), so no mail goes out twice.
 */
import type { ContactInput } from "../../shared/contact/contact";
import type { Deps } from "../common/deps";
import { sendAndRecord } from "../common/notify";
import { AWAITING_FIRST, AWAITING_PROPOSAL } from "../common/lead-targets";
import { nextAttemptAt, RETRY, type RetryRun } from "./notify-retry";
import { ownerMessage } from "./submit-inquiry";
import { overdueMessage, type OverdueWhat } from "./targets";

/** The advisory lock of this job (any number of its own; see pg_try_advisory_xact_lock). */
export const LEAD_MAIL_RETRY_LOCK = 7_146_532_091_544_221;

export type LeadMailDeps = Pick<Deps, "db" | "mail" | "now" | "env" | "requestId" | "log">;

interface Failed {
  kind: "lead-owner" | "lead-overdue";
  ref_id: number;
  recipient: string;
  subject: string;
  failures: number;
  first_attempt: Date | string;
  last_attempt: Date | string;
  [k: string]: unknown;
}

interface LeadRow {
  id: number;
  full_name: string;
  org_name: string;
  company_size: string;
  budget: string;
  project_type: string;
  owner_email: string | null;
  awaiting_first: boolean;
  awaiting_proposal: boolean;
  rule: string | null;
  [k: string]: unknown;
}

/** One run: sends again each failed lead mail whose wait is over and that still applies. */
export async function retryLeadMails(deps: LeadMailDeps): Promise<RetryRun> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const run: RetryRun = { due: 0, sent: 0, failed: 0 };
    const [lock] = await tx.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS locked", [
      LEAD_MAIL_RETRY_LOCK,
    ]);
    if (!lock?.locked) return run; // another run is at it
    const failed = await tx.query<Failed>(
      `SELECT m.kind, m.ref_id, m.recipient, m.subject, count(*)::int AS failures,
              min(m.created_at) AS first_attempt, max(m.created_at) AS last_attempt
         FROM mail_log m
        WHERE m.kind IN ('lead-owner', 'lead-overdue') AND m.ref_table = 'inquiries'
          AND m.status = 'failed' AND m.created_at > $1::timestamptz
          AND NOT EXISTS (SELECT 1 FROM mail_log s
                           WHERE s.kind = m.kind AND s.ref_table = 'inquiries' AND s.ref_id = m.ref_id
                             AND s.recipient = m.recipient AND s.subject = m.subject AND s.status = 'sent')
        GROUP BY m.kind, m.ref_id, m.recipient, m.subject
        ORDER BY min(m.created_at)`,
      [new Date(now.getTime() - RETRY.giveUpDays * 86_400_000).toISOString()],
    );
    const due = failed
      .filter((f) => {
        const at = nextAttemptAt({
          id: f.ref_id,
          createdAt: new Date(f.first_attempt),
          failures: Number(f.failures),
          lastAttempt: new Date(f.last_attempt),
        });
        return at !== null && at <= now;
      })
      .slice(0, RETRY.batch);
    const txDeps = { ...deps, db: tx };
    for (const f of due) {
      const [lead] = await tx.query<LeadRow>(
        `SELECT i.id, i.full_name, i.org_name, i.company_size, i.budget, i.project_type,
                (SELECT u.email FROM users u WHERE u.id = i.owner_id) AS owner_email,
                (${AWAITING_FIRST}) AS awaiting_first, (${AWAITING_PROPOSAL}) AS awaiting_proposal,
                (SELECT e.author_email FROM inquiry_events e
                  WHERE e.inquiry_id = i.id AND e.kind = 'owner' AND e.to_value = $2
                  ORDER BY e.id DESC LIMIT 1) AS rule
           FROM inquiries i WHERE i.id = $1`,
        [f.ref_id, f.recipient],
      );
      if (!lead) continue; // erased or merged away since
      const msg = message(deps, f, lead);
      if (!msg) continue; // no longer applies
      run.due++;
      const ok = await sendAndRecord(txDeps, msg, { kind: f.kind, refTable: "inquiries", refId: lead.id });
      if (ok) run.sent++;
      else run.failed++;
    }
    if (run.due > 0) deps.log.info("lead mails retried", { ...run });
    return run;
  });
}

/** The mail to send again, rebuilt from the lead as it is now; undefined when it no longer applies. */
function message(deps: LeadMailDeps, f: Failed, lead: LeadRow) {
  if (lead.owner_email !== null && lead.owner_email !== f.recipient) return undefined; // another owner now
  if (f.kind === "lead-owner") {
    if (lead.owner_email === null) return undefined;
    const rule = /^assignment rule "(.*)"$/.exec(lead.rule ?? "")?.[1] ?? "the assignment rules";
    return ownerMessage(
      deps.env.siteUrl,
      lead.id,
      {
        fullName: lead.full_name,
        orgName: lead.org_name,
        companySize: lead.company_size as ContactInput["companySize"],
        budget: lead.budget as ContactInput["budget"],
        projectType: lead.project_type as ContactInput["projectType"],
      },
      { ownerEmail: lead.owner_email, rule },
    );
  }
  const what: OverdueWhat | undefined = f.subject.startsWith("Overdue: first answer ")
    ? "first answer"
    : f.subject.startsWith("Overdue: proposal ")
      ? "proposal"
      : undefined;
  if (!what || !(what === "first answer" ? lead.awaiting_first : lead.awaiting_proposal)) return undefined;
  return overdueMessage(deps.env.siteUrl, deps.env.targets, lead, what, f.recipient);
}
