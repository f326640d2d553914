/**
 * The leads list: search by words of name, company, e-mail and text, filters by stage, owner and
 * date, sorts and pages; one lead as the list shows it. Changes: ./pipeline.ts; CSV: ./lead-export.ts.
 */
import type { LeadFilters } from "../../shared/contact/pipeline";
import type { Lead } from "../../shared/contact/leads-api";
import type { Db } from "../platform/db/db";
import type { Deps } from "../common/deps";
import { inquiryFromRow, type InquiryRow as ContactInquiryRow } from "./inquiries";
import { nextAttemptAt } from "./notify-retry";
import { dueOrderSql, targetsOf } from "./targets";
import { AWAITING_FIRST, AWAITING_PROPOSAL, dueBetween, type Targets } from "../common/lead-targets";
import type { Env } from "../platform/env";

export const LEADS_PER_PAGE = 25;

export type LeadRow = ContactInquiryRow & {
  stage: string;
  stage_changed_at: Date | string | null;
  owner_id: number | null;
  owner_email: string | null;
  meeting_start?: Date | string | null;
  meeting_end?: Date | string | null;
  handled: boolean;
  handled_at: Date | string | null;
  handled_by_email: string | null;
  notify_sent: boolean;
  notify_failures: number;
  notify_last_at: Date | string | null;
  last_note: string | null;
  last_note_by: string | null;
  last_note_at: Date | string | null;
  merged_into: number | null;
  merged: number;
  anonymised_at: Date | string | null;
  first_response_at: Date | string | null;
  proposal_sent_at: Date | string | null;
} & TrustRequestColumns;

import { trustRequestOf, type TrustRequestColumns } from "./request-view";

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

function notificationOf(r: LeadRow): Lead["notification"] {
  const failures = r.notify_sent ? 0 : Number(r.notify_failures);
  const lastAttemptAt = r.notify_last_at ? new Date(r.notify_last_at) : null;
  const next =
    failures > 0 && lastAttemptAt
      ? nextAttemptAt({ id: r.id, createdAt: new Date(r.created_at), failures, lastAttempt: lastAttemptAt })
      : null;
  return {
    sent: r.notify_sent,
    failures,
    lastAttemptAt: lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: next?.toISOString() ?? null,
  };
}

export function toLead(r: LeadRow, returning: boolean, targets: Targets): Lead {
  const { file, ...rest } = inquiryFromRow(r);
  return {
    ...rest,
    // Staff open the file through a signed link; its storage key stays on the server.
    file: file ? { name: file.name, type: file.type, size: file.size } : null,
    stage: r.stage,
    stageChangedAt: iso(r.stage_changed_at),
    owner: r.owner_id && r.owner_email ? { id: r.owner_id, email: r.owner_email } : null,
    meeting:
      r.meeting_start && r.meeting_end ? { start: iso(r.meeting_start)!, end: iso(r.meeting_end)! } : null,
    lastNote:
      r.last_note && r.last_note_at
        ? { body: r.last_note, by: r.last_note_by ?? "", at: iso(r.last_note_at)! }
        : null,
    returning,
    targets: targetsOf(r, targets),
    mergedInto: r.merged_into,
    merged: Number(r.merged),
    handled: r.handled,
    handledAt: iso(r.handled_at),
    handledBy: r.handled_by_email,
    notification: notificationOf(r),
    securityReview: trustRequestOf(r),
  };
}

/** "dana north" -> "dana:* & north:*": every word must start a word of the lead. */
export function searchQuery(q: string | undefined): string | undefined {
  const words = q
    ?.toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 12);
  return words?.length ? words.map((w) => `${w}:*`).join(" & ") : undefined;
}

/** The list's filters; the pipeline's own are optional (the list's callers before stages). */
export type ListFilters = Omit<LeadFilters, "q" | "stage" | "owner" | "sort" | "lead" | "due"> &
  Partial<Pick<LeadFilters, "q" | "stage" | "owner" | "sort" | "lead" | "due">>;

/** The time and targets the response-time filter and sort are judged by. */
export interface DueClock {
  now: Date;
  targets: Targets;
}

/**
 * WHERE clause and parameters of the filters; `to` includes the whole day. `withMerged`: the
 * leads merged into another are listed too (the export), not only shown by the lead they went into.
 */
export function whereOf(
  f: Omit<ListFilters, "page">,
  params: unknown[],
  clock?: DueClock,
  { withMerged = false }: { withMerged?: boolean } = {},
): string {
  const parts: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  const words = searchQuery(f.q);
  // A merged lead is shown by the lead it went into; asked for by its id, it is shown itself.
  // (The search index leaves merged leads out already: db/011.)
  if (f.lead !== undefined) add((n) => `i.id = ${n}`, f.lead);
  else if (!words && !withMerged) parts.push("i.merged_into IS NULL");
  if (f.handled !== undefined) parts.push(f.handled ? "i.stage <> 'New'" : "i.stage = 'New'");
  if (f.stage) add((n) => `i.stage = ${n}`, f.stage);
  if (f.owner === "none") parts.push("i.owner_id IS NULL");
  else if (f.owner !== undefined) add((n) => `i.owner_id = ${n}`, f.owner);
  if (f.from) add((n) => `i.created_at >= ${n}::timestamptz`, `${f.from}T00:00:00Z`);
  if (f.to) add((n) => `i.created_at < ${n}::timestamptz + interval '1 day'`, `${f.to}T00:00:00Z`);
  if (words) add((n) => `i.search @@ to_tsquery('simple', ${n})`, words);
  if (f.due && clock) {
    params.push(clock.now.toISOString());
    const now = `$${params.length}::timestamptz`;
    parts.push(
      f.due === "overdue"
        ? dueBetween(clock.targets, undefined, now)
        : dueBetween(clock.targets, now, `${now} + interval '1 hour'`),
    );
  }
  // Sorted by the answer due: the leads with a target pending.
  if (f.sort === "due") parts.push(`((${AWAITING_FIRST}) OR (${AWAITING_PROPOSAL}))`);
  return parts.length ? `WHERE ${parts.join(" AND ")}` : "";
}

const ORDER: Record<Exclude<NonNullable<LeadFilters["sort"]>, "due">, string> = {
  newest: "i.created_at DESC, i.id DESC",
  oldest: "i.created_at ASC, i.id ASC",
  name: "lower(i.full_name) ASC, i.id ASC",
  company: "lower(i.org_name) ASC, i.id ASC",
};

/** The ORDER BY of a sort; by the answer due, the next pending target's time. */
export function orderOf(sort: LeadFilters["sort"] | undefined, t: Targets): string {
  if (sort !== "due") return ORDER[sort ?? "newest"];
  const m = (n: number) => `interval '1 minute' * ${Math.trunc(n)}`;
  return `i.created_at + CASE WHEN i.first_response_at IS NULL THEN ${m(t.firstMinutes)} ELSE ${m(t.proposalMinutes)} END, i.id`;
}

export const DETAILS = `SELECT i.id, i.kind, i.full_name, coalesce(i.email, '') AS email, i.org_name, i.job_title,
       i.industry, i.company_size, coalesce(i.mobile, '') AS mobile, i.budget, i.project_type, i.deadline, i.project_details, i.file_key, i.file_name, i.file_type,
       i.file_size, i.source_page, i.utm, i.marketing_consent, i.marketing_consent_version,
       i.marketing_consent_at, i.stage, i.stage_changed_at, i.owner_id, o.email AS owner_email,
       i.handled, i.handled_at, u.email AS handled_by_email, i.created_at,
       n.notify_sent, n.notify_failures, n.notify_last_at,
       ln.body AS last_note, ln.author_email AS last_note_by, ln.created_at AS last_note_at,
       i.merged_into, (SELECT count(*)::int FROM inquiries m WHERE m.merged_into = i.id) AS merged,
       i.first_response_at, i.proposal_sent_at, i.anonymised_at,
       tr.id AS tr_id, tr.documents AS tr_documents, tr.nda_version AS tr_nda_version,
       tr.nda_accepted_at AS tr_nda_accepted_at, tr.status AS tr_status, tr.decided_at AS tr_decided_at,
       tr.decided_by AS tr_decided_by, tr.link_expires_at AS tr_link_expires_at,
       mt.starts_at AS meeting_start, mt.ends_at AS meeting_end
  FROM inquiries i
  LEFT JOIN users u ON u.id = i.handled_by
  LEFT JOIN users o ON o.id = i.owner_id
  LEFT JOIN trust_requests tr ON tr.inquiry_id = i.id
  CROSS JOIN LATERAL (
    SELECT coalesce(bool_or(m.status = 'sent'), false) AS notify_sent,
           count(*) FILTER (WHERE m.status = 'failed')::int AS notify_failures,
           max(m.created_at) AS notify_last_at
      FROM mail_log m WHERE m.ref_table = 'inquiries' AND m.ref_id = i.id AND m.kind = 'inquiry') n
  LEFT JOIN LATERAL (
    SELECT e.body, e.author_email, e.created_at FROM inquiry_events e
     WHERE e.inquiry_id = i.id AND e.kind = 'note' ORDER BY e.id DESC LIMIT 1) ln ON true
  LEFT JOIN LATERAL (
    SELECT m.starts_at, m.ends_at FROM meetings m WHERE m.inquiry_id = i.id AND m.cancelled_at IS NULL) mt ON true`;

/** The business e-mail rule's free-mail domains: a shared one says nothing of the company. */
export type FreeMail = readonly string[];

/**
 * The ids among `ids` of leads with an earlier lead of the same buyer: the same e-mail address,
 * or the same company domain unless it is a free-mail one. Two index probes a lead.
 */
export async function returningAmong(
  db: Db,
  ids: readonly number[],
  freeMail: FreeMail,
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.query<{ id: number }>(
    `SELECT i.id FROM inquiries i
      WHERE i.id = ANY($1::int[]) AND i.email IS NOT NULL
        AND (EXISTS (SELECT 1 FROM inquiries e
                      WHERE e.email IS NOT NULL AND lower(e.email) = lower(i.email) AND e.id < i.id)
             OR (lower(split_part(i.email, '@', 2)) <> ALL ($2::text[])
                 AND EXISTS (SELECT 1 FROM inquiries e
                              WHERE e.email IS NOT NULL AND e.id < i.id
                                AND lower(split_part(e.email, '@', 2)) = lower(split_part(i.email, '@', 2)))))`,
    [ids, freeMail.map((d) => d.toLowerCase())],
  );
  return new Set(rows.map((r) => r.id));
}

/** What reading a lead needs of the settings: the free-mail domains, the response-time targets. */
export type LeadSettings = Pick<Env, "blockedEmailDomains" | "targets">;

/** Rows of DETAILS as leads, each marked returning or not, with its response-time targets. */
export async function leadsOf(db: Db, rows: LeadRow[], settings: LeadSettings): Promise<Lead[]> {
  const returning = await returningAmong(
    db,
    rows.map((r) => r.id),
    settings.blockedEmailDomains,
  );
  return rows.map((r) => toLead(r, returning.has(r.id), settings.targets));
}

/**
 * How far past the page's end the list counts its matches. Counting every one of 100,000 leads
 * takes longer than the page itself; past this, the total is given as "more than".
 */
export const LEADS_COUNT_AHEAD = 10_000;

/**
 * The leads of one page. The page's ids are chosen first (an index walk that stops after one
 * page), and only those rows get their details, notification state and last note. The matches
 * are counted up to `countAhead` past the page: `totalExact` is false when there are more.
 */
export async function listLeads(
  { db, env, now }: Pick<Deps, "db" | "env" | "now">,
  f: ListFilters,
  countAhead = LEADS_COUNT_AHEAD,
) {
  const offset = (f.page - 1) * LEADS_PER_PAGE;
  const params: unknown[] = [LEADS_PER_PAGE + 1, offset];
  const clock: DueClock = { now: now(), targets: env.targets };
  const countLimit = offset + LEADS_PER_PAGE + countAhead;
  const countParams: unknown[] = [countLimit + 1];
  // By the answer due, the two waiting lists are merged (./targets.ts); otherwise one index walk.
  const page =
    f.sort === "due"
      ? dueOrderSql(env.targets, whereOf({ ...f, sort: undefined }, params, clock), "$1::int", "$2::int")
      : `SELECT i.id FROM inquiries i ${whereOf(f, params, clock)} ORDER BY ${orderOf(f.sort, env.targets)} LIMIT $1 OFFSET $2`;
  // The page and the count at once (two connections of the pool; one after the other on PGlite).
  const [ids, counted] = await Promise.all([
    db.query<{ id: number }>(page, params),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM inquiries i ${whereOf(f, countParams, clock)} LIMIT $1) c`,
      countParams,
    ),
  ]);
  const n = counted[0]?.n ?? 0;
  const pageIds = ids.slice(0, LEADS_PER_PAGE).map((r) => r.id);
  const rows = pageIds.length
    ? await db.query<LeadRow>(`${DETAILS} WHERE i.id = ANY($1::int[])`, [pageIds])
    : [];
  const byId = new Map((await leadsOf(db, rows, env)).map((l) => [l.id, l]));
  return {
    inquiries: pageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    page: f.page,
    pageSize: LEADS_PER_PAGE,
    total: Math.min(n, countLimit),
    totalExact: n <= countLimit,
    hasMore: ids.length > LEADS_PER_PAGE,
  };
}

/** One lead as the list shows it, or undefined. */
export async function getLead(db: Db, id: number, settings: LeadSettings): Promise<Lead | undefined> {
  const rows = await db.query<LeadRow>(`${DETAILS} WHERE i.id = $1`, [id]);
  return (await leadsOf(db, rows, settings))[0];
}
