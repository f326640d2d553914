/**
 * The leads pipeline: the list with search, filters, sorts and pages; stages, owners and notes,
 * each change recorded in the lead's timeline and in the audit trail in one transaction; and the
 * CSV export with stage, owner and the last note.
 *
 * A change names the stage or owner the person saw (`expected`): when someone else changed it
 * meanwhile, the change is refused with 409 rather than silently undoing theirs. Without it,
 * concurrent changes apply one after the other (the row is locked), each with its true "from".
 */
import Papa from "papaparse";
import type { LeadEvent, LeadFilters, LeadOwner, LeadStage } from "../../shared/contact/pipeline";
import type { StaffInquiry } from "../../shared/contact/leads";
import { canWrite, isRole } from "../../shared/staff/staff";
import { audit, type Actor } from "../common/audit";
import { Conflict, Invalid, NotFound, Unprocessable } from "../common/errors";
import type { Db } from "../platform/db/db";
import type { Deps } from "../common/deps";
import { inquiryFromRow, type InquiryRow as ContactInquiryRow } from "./inquiries";
import { neutraliseCell } from "./inquiries-admin";
import { nextAttemptAt } from "./notify-retry";

export const LEADS_PER_PAGE = 25;
/** The most rows one export carries; narrow the filters for more. */
export const MAX_EXPORT_ROWS = 20_000;
const MAX_TIMELINE = 500;

type LeadRow = ContactInquiryRow & {
  stage: string;
  stage_changed_at: Date | string | null;
  owner_id: number | null;
  owner_email: string | null;
  handled: boolean;
  handled_at: Date | string | null;
  handled_by_email: string | null;
  notify_sent: boolean;
  notify_failures: number;
  notify_last_at: Date | string | null;
  last_note: string | null;
  last_note_by: string | null;
  last_note_at: Date | string | null;
};

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

function notificationOf(r: LeadRow): StaffInquiry["notification"] {
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

function toLead(r: LeadRow): StaffInquiry {
  const { file, ...rest } = inquiryFromRow(r);
  return {
    ...rest,
    // Staff open the file through a signed link; its storage key stays on the server.
    file: file ? { name: file.name, type: file.type, size: file.size } : null,
    stage: r.stage,
    stageChangedAt: iso(r.stage_changed_at),
    owner: r.owner_id && r.owner_email ? { id: r.owner_id, email: r.owner_email } : null,
    lastNote:
      r.last_note && r.last_note_at
        ? { body: r.last_note, by: r.last_note_by ?? "", at: iso(r.last_note_at)! }
        : null,
    handled: r.handled,
    handledAt: iso(r.handled_at),
    handledBy: r.handled_by_email,
    notification: notificationOf(r),
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
export type ListFilters = Omit<LeadFilters, "q" | "stage" | "owner" | "sort"> &
  Partial<Pick<LeadFilters, "q" | "stage" | "owner" | "sort">>;

/** WHERE clause and parameters of the filters; `to` includes the whole day. */
function whereOf(f: Omit<ListFilters, "page">, params: unknown[]): string {
  const parts: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (f.handled !== undefined) parts.push(f.handled ? "i.stage <> 'New'" : "i.stage = 'New'");
  if (f.stage) add((n) => `i.stage = ${n}`, f.stage);
  if (f.owner === "none") parts.push("i.owner_id IS NULL");
  else if (f.owner !== undefined) add((n) => `i.owner_id = ${n}`, f.owner);
  if (f.from) add((n) => `i.created_at >= ${n}::timestamptz`, `${f.from}T00:00:00Z`);
  if (f.to) add((n) => `i.created_at < ${n}::timestamptz + interval '1 day'`, `${f.to}T00:00:00Z`);
  const words = searchQuery(f.q);
  if (words) add((n) => `i.search @@ to_tsquery('simple', ${n})`, words);
  return parts.length ? `WHERE ${parts.join(" AND ")}` : "";
}

const ORDER: Record<NonNullable<LeadFilters["sort"]>, string> = {
  newest: "i.created_at DESC, i.id DESC",
  oldest: "i.created_at ASC, i.id ASC",
  name: "lower(i.full_name) ASC, i.id ASC",
  company: "lower(i.org_name) ASC, i.id ASC",
};

const DETAILS = `SELECT i.id, i.full_name, i.email, i.org_name, i.job_title, i.industry, i.company_size,
       i.mobile, i.budget, i.project_type, i.deadline, i.project_details, i.file_key, i.file_name, i.file_type,
       i.file_size, i.source_page, i.utm, i.stage, i.stage_changed_at, i.owner_id, o.email AS owner_email,
       i.handled, i.handled_at, u.email AS handled_by_email, i.created_at,
       n.notify_sent, n.notify_failures, n.notify_last_at,
       ln.body AS last_note, ln.author_email AS last_note_by, ln.created_at AS last_note_at
  FROM inquiries i
  LEFT JOIN users u ON u.id = i.handled_by
  LEFT JOIN users o ON o.id = i.owner_id
  CROSS JOIN LATERAL (
    SELECT coalesce(bool_or(m.status = 'sent'), false) AS notify_sent,
           count(*) FILTER (WHERE m.status = 'failed')::int AS notify_failures,
           max(m.created_at) AS notify_last_at
      FROM mail_log m WHERE m.ref_table = 'inquiries' AND m.ref_id = i.id AND m.kind = 'inquiry') n
  LEFT JOIN LATERAL (
    SELECT e.body, e.author_email, e.created_at FROM inquiry_events e
     WHERE e.inquiry_id = i.id AND e.kind = 'note' ORDER BY e.id DESC LIMIT 1) ln ON true`;

/**
 * The leads of one page. The page's ids are chosen first (an index walk that stops after one
 * page), and only those rows get their details, notification state and last note.
 */
export async function listLeads({ db }: Pick<Deps, "db">, f: ListFilters) {
  const params: unknown[] = [LEADS_PER_PAGE + 1, (f.page - 1) * LEADS_PER_PAGE];
  const where = whereOf(f, params);
  const countParams: unknown[] = [];
  // The page and the count at once (two connections of the pool; one after the other on PGlite).
  const [ids, counted] = await Promise.all([
    db.query<{ id: number }>(
      `SELECT i.id FROM inquiries i ${where} ORDER BY ${ORDER[f.sort ?? "newest"]} LIMIT $1 OFFSET $2`,
      params,
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM inquiries i ${whereOf(f, countParams)}`,
      countParams,
    ),
  ]);
  const n = counted[0]?.n ?? 0;
  const pageIds = ids.slice(0, LEADS_PER_PAGE).map((r) => r.id);
  const rows = pageIds.length
    ? await db.query<LeadRow>(`${DETAILS} WHERE i.id = ANY($1::int[])`, [pageIds])
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    inquiries: pageIds.flatMap((id) => (byId.has(id) ? [toLead(byId.get(id)!)] : [])),
    page: f.page,
    pageSize: LEADS_PER_PAGE,
    total: n,
    hasMore: ids.length > LEADS_PER_PAGE,
  };
}

/** One lead as the list shows it, or undefined. */
export async function getLead(db: Db, id: number): Promise<StaffInquiry | undefined> {
  const [row] = await db.query<LeadRow>(`${DETAILS} WHERE i.id = $1`, [id]);
  return row ? toLead(row) : undefined;
}

const GONE = "This lead no longer exists.";

async function lockLead(tx: Db, id: number) {
  const [row] = await tx.query<{ stage: LeadStage; owner_id: number | null; owner_email: string | null }>(
    `SELECT i.stage, i.owner_id, u.email AS owner_email
       FROM inquiries i LEFT JOIN users u ON u.id = i.owner_id
      WHERE i.id = $1 FOR UPDATE OF i`,
    [id],
  );
  if (!row) throw new NotFound(GONE);
  return row;
}

export interface StageChange {
  id: number;
  stage: LeadStage;
  expected?: LeadStage | undefined;
  /** Change only a lead that is in this stage; any other is left as it is (no error). */
  onlyFrom?: LeadStage;
}

/**
 * Moves a lead to a stage: the timeline gets "from -> to" by whom, the audit trail an entry.
 * Leaving New marks it handled (who and when); back to New clears that. Moving a lead to the
 * stage it is in changes nothing and records nothing.
 */
export async function changeStage(
  { db, now: clock }: Pick<Deps, "db" | "now">,
  actor: Actor,
  c: StageChange,
) {
  const now = clock();
  return db.transaction(async (tx) => {
    const cur = await lockLead(tx, c.id);
    if (c.expected && cur.stage !== c.expected)
      throw new Conflict(
        `Someone else moved this lead to ${cur.stage} meanwhile. Its stage is shown again: choose once more if you still want to change it.`,
      );
    const changed = cur.stage !== c.stage && (!c.onlyFrom || cur.stage === c.onlyFrom);
    if (changed) {
      await tx.query(
        `UPDATE inquiries SET stage = $2, stage_changed_at = $3,
                handled_at = CASE WHEN $2 = 'New' THEN NULL WHEN stage = 'New' THEN $3::timestamptz ELSE handled_at END,
                handled_by = CASE WHEN $2 = 'New' THEN NULL WHEN stage = 'New' THEN $4::int ELSE handled_by END
          WHERE id = $1`,
        [c.id, c.stage, now.toISOString(), actor.userId],
      );
      await tx.query(
        `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
         VALUES ($1, 'stage', $2, $3, $4, $5, $6)`,
        [c.id, cur.stage, c.stage, actor.userId, actor.email ?? "unknown", now.toISOString()],
      );
      await audit(
        tx,
        actor,
        { action: "lead.stage", entity: "lead", entityId: c.id, changes: { stage: [cur.stage, c.stage] } },
        now,
      );
    }
    const lead = await getLead(tx, c.id);
    if (!lead) throw new NotFound(GONE);
    return { lead, changed };
  });
}

/** Staff who can own a lead: those who can work on it (admin and root_admin). */
export async function leadOwners({ db }: Pick<Deps, "db">): Promise<LeadOwner[]> {
  const rows = await db.query<{ id: number; email: string; role: string }>(
    "SELECT id, email, role FROM users ORDER BY email",
  );
  return rows.filter((r) => isRole(r.role) && canWrite(r.role)).map(({ id, email }) => ({ id, email }));
}

export interface OwnerChange {
  id: number;
  owner: number | null;
  expected?: number | null | undefined;
}

/** Assigns a lead to a staff member, or to nobody; recorded in its timeline and the audit trail. */
export async function assignOwner(
  { db, now: clock }: Pick<Deps, "db" | "now">,
  actor: Actor,
  c: OwnerChange,
) {
  const now = clock();
  return db.transaction(async (tx) => {
    let ownerEmail: string | null = null;
    if (c.owner !== null) {
      // KEY SHARE: the account cannot be deleted until this transaction ends.
      const [u] = await tx.query<{ email: string; role: string }>(
        "SELECT email, role FROM users WHERE id = $1 FOR KEY SHARE",
        [c.owner],
      );
      if (!u || !isRole(u.role) || !canWrite(u.role))
        throw new Invalid("Choose an owner among the staff who can work on leads (admin or root admin).");
      ownerEmail = u.email;
    }
    const cur = await lockLead(tx, c.id);
    if (c.expected !== undefined && cur.owner_id !== c.expected)
      throw new Conflict(
        `Someone else assigned this lead to ${cur.owner_email ?? "nobody"} meanwhile. Its owner is shown again: choose once more if you still want to change it.`,
      );
    const changed = cur.owner_id !== c.owner;
    if (changed) {
      await tx.query("UPDATE inquiries SET owner_id = $2 WHERE id = $1", [c.id, c.owner]);
      await tx.query(
        `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
         VALUES ($1, 'owner', $2, $3, $4, $5, $6)`,
        [c.id, cur.owner_email, ownerEmail, actor.userId, actor.email ?? "unknown", now.toISOString()],
      );
      await audit(
        tx,
        actor,
        {
          action: "lead.owner",
          entity: "lead",
          entityId: c.id,
          changes: { owner: [cur.owner_email, ownerEmail] },
        },
        now,
      );
    }
    const lead = await getLead(tx, c.id);
    if (!lead) throw new NotFound(GONE);
    return { lead, changed };
  });
}

/** Adds a note to a lead's timeline. */
export async function addNote(
  { db, now: clock }: Pick<Deps, "db" | "now">,
  actor: Actor,
  id: number,
  body: string,
): Promise<LeadEvent> {
  const now = clock();
  return db.transaction(async (tx) => {
    await lockLead(tx, id);
    const [row] = await tx.query<EventRow>(
      `INSERT INTO inquiry_events (inquiry_id, kind, body, author_id, author_email, created_at)
       VALUES ($1, 'note', $2, $3, $4, $5)
       RETURNING id, kind, body, from_value, to_value, author_email, created_at`,
      [id, body, actor.userId, actor.email ?? "unknown", now.toISOString()],
    );
    await audit(
      tx,
      actor,
      { action: "lead.note", entity: "lead", entityId: id, changes: { note: [null, body] } },
      now,
    );
    return eventOf(row!);
  });
}

interface EventRow {
  id: number;
  kind: LeadEvent["kind"];
  body: string | null;
  from_value: string | null;
  to_value: string | null;
  author_email: string;
  created_at: Date | string;
  [k: string]: unknown;
}

const eventOf = (r: EventRow): LeadEvent => ({
  id: r.id,
  kind: r.kind,
  body: r.body,
  from: r.from_value,
  to: r.to_value,
  by: r.author_email,
  at: new Date(r.created_at).toISOString(),
});

/** A lead's timeline, newest first. */
export async function timeline({ db }: Pick<Deps, "db">, id: number): Promise<LeadEvent[]> {
  const [lead] = await db.query("SELECT 1 FROM inquiries WHERE id = $1", [id]);
  if (!lead) throw new NotFound(GONE);
  const rows = await db.query<EventRow>(
    `SELECT id, kind, body, from_value, to_value, author_email, created_at FROM inquiry_events
      WHERE inquiry_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${MAX_TIMELINE}`,
    [id],
  );
  return rows.map(eventOf);
}

/** The handled flag as it was before stages: handled moves a New lead to Contacted; not handled back to New. */
export async function setHandled(deps: Pick<Deps, "db" | "now">, actor: Actor, id: number, handled: boolean) {
  // A lead already past New is handled whatever its stage: it stays where it is.
  const change: StageChange = handled ? { id, stage: "Contacted", onlyFrom: "New" } : { id, stage: "New" };
  const { lead } = await changeStage(deps, actor, change);
  return {
    id: lead.id,
    handled: lead.handled,
    handledAt: lead.handledAt,
    handledBy: lead.handledBy,
    stage: lead.stage,
  };
}

export const CSV_COLUMNS = [
  "Received",
  "Full Name",
  "Business Mail",
  "Organisation Name",
  "Job Title",
  "Industry",
  "Company Size",
  "Mobile Number",
  "Approximate Budget",
  "Project Type",
  "Deadline",
  "Project details",
  "Attachment",
  "Source page",
  "Stage",
  "Owner",
  "Last note",
  "Last note by",
  "Last note at",
  "Handled",
  "Handled at",
  "Handled by",
] as const;

function csvRow(i: StaffInquiry): string[] {
  return [
    i.createdAt,
    i.fullName,
    i.email,
    i.orgName,
    i.jobTitle,
    i.industry,
    i.companySize,
    i.mobile,
    i.budget,
    i.projectType,
    i.deadline ?? "",
    i.projectDetails,
    i.file?.name ?? "",
    i.sourcePage ?? "",
    i.stage,
    i.owner?.email ?? "",
    i.lastNote?.body ?? "",
    i.lastNote?.by ?? "",
    i.lastNote?.at ?? "",
    i.handled ? "Yes" : "No",
    i.handledAt ?? "",
    i.handledBy ?? "",
  ].map(neutraliseCell);
}

/** The filtered, sorted list (every page) as CSV with a header row. */
export async function exportLeadsCsv(
  { db }: Pick<Deps, "db">,
  f: Omit<ListFilters, "page">,
): Promise<string> {
  const params: unknown[] = [MAX_EXPORT_ROWS + 1];
  const where = whereOf(f, params);
  const rows = await db.query<LeadRow>(
    `${DETAILS} ${where} ORDER BY ${ORDER[f.sort ?? "newest"]} LIMIT $1`,
    params,
  );
  if (rows.length > MAX_EXPORT_ROWS)
    throw new Unprocessable(
      `More than ${MAX_EXPORT_ROWS} leads match. Narrow the filters (a shorter date range) to export them.`,
    );
  return Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows.map((r) => csvRow(toLead(r))) },
    { newline: "\r\n", quotes: true },
  );
}
