/**
 * Response-time targets of a lead, counted from its arrival (RESPONSE_TARGET_FIRST_MINUTES,
 * RESPONSE_TARGET_PROPOSAL_HOURS): a first answer (the lead leaves New, or a note says the buyer
 * was contacted: first_response_at) and a proposal (it reaches "Proposal sent": proposal_sent_at).
 * A lead that is Won or Lost, merged into another, or anonymised, has no target left. The SQL below matches
 * the partial indexes of db/012, so the list's filter and sort walk them.
 */
import type { Lead } from "../../shared/contact/leads-api";
import type { Deps } from "../common/deps";
import { sendAndRecord } from "../common/notify";
import type { MailMessage } from "../platform/mail/mail";
import { leadUrl } from "./sales-mail";
import { isRole } from "../../shared/staff/staff";
import { ownsLeads } from "../../shared/staff/permissions";

import { AWAITING_FIRST, AWAITING_PROPOSAL, minutes, type Targets } from "../common/lead-targets";

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);
const plus = (at: Date | string, minutes: number) =>
  new Date(new Date(at).getTime() + minutes * 60_000).toISOString();

/** A lead's two targets: when each is due, and when it was met (null: not yet). */
export function targetsOf(
  r: {
    created_at: Date | string;
    stage: string;
    merged_into: number | null;
    anonymised_at: Date | string | null;
    first_response_at: Date | string | null;
    proposal_sent_at: Date | string | null;
  },
  t: Targets,
): Lead["targets"] {
  return {
    open: !["Won", "Lost"].includes(r.stage) && r.merged_into === null && r.anonymised_at === null,
    firstResponse: { due: plus(r.created_at, t.firstMinutes), metAt: iso(r.first_response_at) },
    proposal: { due: plus(r.created_at, t.proposalMinutes), metAt: iso(r.proposal_sent_at) },
  };
}

/**
 * The ids of one page of leads in the order their next target falls due (soonest, or most
 * overdue, first): the two waiting lists are each in created_at order, so the first `k` of each
 * hold the first `k` of both.
 */
export function dueOrderSql(t: Targets, where: string, limit: string, offset: string): string {
  const side = (awaiting: string, m: number) =>
    `(SELECT i.id, i.created_at + ${minutes(m)} AS due FROM inquiries i
       ${where ? `${where} AND` : "WHERE"} ${awaiting}
      ORDER BY i.created_at, i.id LIMIT ${limit} + ${offset})`;
  return `SELECT id FROM (${side(AWAITING_FIRST, t.firstMinutes)} UNION ALL ${side(AWAITING_PROPOSAL, t.proposalMinutes)}) d
          ORDER BY due, id LIMIT ${limit} OFFSET ${offset}`;
}

/** A missed target is mailed about while it is this recent (older ones show in the list only). */
export const REMIND_WITHIN_DAYS = 3;

export interface Missed {
  id: number;
  full_name: string;
  org_name: string;
  owner_email: string | null;
  [k: string]: unknown;
}

/** Which target a reminder is about. */
export type OverdueWhat = "first answer" | "proposal";

/** The reminder that a lead's target was missed, to `to` (its owner, or an admin when nobody owns it). */
export function overdueMessage(
  siteUrl: string,
  t: Targets,
  lead: Pick<Missed, "id" | "full_name" | "org_name" | "owner_email">,
  what: OverdueWhat,
  to: string,
): MailMessage {
  const limit = what === "first answer" ? `${t.firstMinutes} minutes` : `${t.proposalMinutes / 60} hours`;
  return {
    to,
    subject: `Overdue: ${what} for lead #${lead.id} (${lead.org_name})`,
    text: [
      `The ${what} for lead #${lead.id} from ${lead.full_name} at ${lead.org_name} is overdue: the target is ${limit} from its arrival.`,
      lead.owner_email
        ? "You own this lead."
        : "Nobody owns this lead yet: assign it, or answer it yourself.",
      "",
      `Open the lead in the dashboard (sign-in required): ${leadUrl(siteUrl, lead.id)}`,
    ].join("\n"),
  };
}

/**
 * Mails the owner of each lead whose target was just missed (the admins, when no one owns it),
 * once per lead and target: each run claims its leads with one UPDATE ... RETURNING (rows locked
 * by another run are skipped), so two runs never mail the same miss. Answers how many were mailed.
 */
export async function remindOverdue(
  deps: Pick<Deps, "db" | "mail" | "now" | "env" | "requestId" | "log">,
): Promise<{ firstResponse: number; proposal: number }> {
  const now = deps.now().toISOString();
  const t = deps.env.targets;
  const claim = (column: string, awaiting: string, m: number) =>
    deps.db.query<Missed>(
      `WITH missed AS (
         SELECT i.id FROM inquiries i
          WHERE ${awaiting} AND i.${column} IS NULL
            AND i.created_at < $1::timestamptz - interval '1 minute' * ${Math.trunc(m)}
            AND i.created_at >= $1::timestamptz - interval '1 minute' * ${Math.trunc(m)} - interval '${REMIND_WITHIN_DAYS} days'
          ORDER BY i.created_at LIMIT 200 FOR UPDATE SKIP LOCKED)
       UPDATE inquiries i SET ${column} = $1 FROM missed WHERE i.id = missed.id
       RETURNING i.id, i.full_name, i.org_name, (SELECT u.email FROM users u WHERE u.id = i.owner_id) AS owner_email`,
      [now],
    );
  const first = await claim("first_overdue_mailed_at", AWAITING_FIRST, t.firstMinutes);
  const proposal = await claim("proposal_overdue_mailed_at", AWAITING_PROPOSAL, t.proposalMinutes);
  if (!first.length && !proposal.length) return { firstResponse: 0, proposal: 0 };
  const staff = await deps.db.query<{ email: string; role: string }>(
    "SELECT email, role FROM users ORDER BY id",
  );
  const admins = staff.filter((u) => isRole(u.role) && ownsLeads(u.role)).map((u) => u.email);
  const send = async (lead: Missed, what: OverdueWhat) => {
    for (const to of lead.owner_email ? [lead.owner_email] : admins)
      await sendAndRecord(deps, overdueMessage(deps.env.siteUrl, t, lead, what, to), {
        kind: "lead-overdue",
        refTable: "inquiries",
        refId: lead.id,
      });
  };
  for (const l of first) await send(l, "first answer");
  for (const l of proposal) await send(l, "proposal");
  return { firstResponse: first.length, proposal: proposal.length };
}
