/**
 * The leads pipeline's changes: stages, owners and notes, each recorded in the lead's timeline
 * and in the audit trail in one transaction. The list: ./lead-list.ts; the CSV: ./lead-export.ts.
 *
 * A change names the stage or owner the person saw (`expected`): when someone else changed it
 * meanwhile, the change is refused with 409 rather than silently undoing theirs. Without it,
 * concurrent changes apply one after the other (the row is locked), each with its true "from".
 */
import type { LeadStage } from "../../shared/contact/pipeline";
import type { LeadEvent, LeadOwner } from "../../shared/contact/leads-api";
import { isRole } from "../../shared/staff/staff";
import { LEAD_OWNER_ROLES, ownsLeads } from "../../shared/staff/permissions";
import { recordAudit, type Actor } from "../common/audit";
import { Conflict, Invalid, NotFound } from "../common/errors";
import { emitWebhookEvent } from "../common/webhooks/events";
import type { Db } from "../platform/db/db";
import type { Deps } from "../common/deps";
import { getLead } from "./lead-list";

const MAX_TIMELINE = 500;

const GONE = "This lead no longer exists.";

export async function lockLead(tx: Db, id: number) {
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
  deps: Pick<Deps, "db" | "now" | "env" | "raise"> & Partial<Pick<Deps, "requestId">>,
  actor: Actor,
  c: StageChange,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const cur = await lockLead(tx, c.id);
    if (c.expected && cur.stage !== c.expected)
      throw new Conflict(
        `Someone else moved this lead to ${cur.stage} meanwhile. Its stage is shown again: choose once more if you still want to change it.`,
      );
    const changed = cur.stage !== c.stage && (!c.onlyFrom || cur.stage === c.onlyFrom);
    if (changed) {
      await tx.query(
        `UPDATE inquiries SET stage = $2, stage_changed_at = $3,
                first_response_at = CASE WHEN $2 <> 'New' THEN coalesce(first_response_at, $3::timestamptz)
                                         ELSE first_response_at END,
                proposal_sent_at = CASE WHEN $2 IN ('Proposal sent', 'Won') THEN coalesce(proposal_sent_at, $3::timestamptz)
                                        ELSE proposal_sent_at END,
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
      await recordAudit({ db: tx, now: () => now }, actor, {
        action: "lead.stage",
        entity: "lead",
        entityId: c.id,
        changes: { stage: [cur.stage, c.stage] },
      });
    }
    const lead = await getLead(tx, c.id, deps.env);
    if (!lead) throw new NotFound(GONE);
    if (changed) await emitWebhookEvent(tx, deps, "lead.updated", lead);
    return { lead, changed };
  });
}

/** Staff who can own a lead: those whose role changes leads (src/shared/staff/permissions.ts). */
export async function leadOwners({ db }: Pick<Deps, "db">): Promise<LeadOwner[]> {
  const rows = await db.query<{ id: number; email: string; role: string }>(
    "SELECT id, email, role FROM users ORDER BY email",
  );
  return rows.filter((r) => isRole(r.role) && ownsLeads(r.role)).map(({ id, email }) => ({ id, email }));
}

export interface OwnerChange {
  id: number;
  owner: number | null;
  expected?: number | null | undefined;
}

/** Assigns a lead to a staff member, or to nobody; recorded in its timeline and the audit trail. */
export async function assignOwner(
  deps: Pick<Deps, "db" | "now" | "env" | "raise"> & Partial<Pick<Deps, "requestId">>,
  actor: Actor,
  c: OwnerChange,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    let ownerEmail: string | null = null;
    if (c.owner !== null) {
      // KEY SHARE: the account cannot be deleted until this transaction ends.
      const [u] = await tx.query<{ email: string; role: string }>(
        "SELECT email, role FROM users WHERE id = $1 FOR KEY SHARE",
        [c.owner],
      );
      if (!u || !isRole(u.role) || !ownsLeads(u.role))
        throw new Invalid(`Choose an owner among the staff who can work on leads (${LEAD_OWNER_ROLES}).`);
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
      await recordAudit({ db: tx, now: () => now }, actor, {
        action: "lead.owner",
        entity: "lead",
        entityId: c.id,
        changes: { owner: [cur.owner_email, ownerEmail] },
      });
    }
    const lead = await getLead(tx, c.id, deps.env);
    if (!lead) throw new NotFound(GONE);
    if (changed) await emitWebhookEvent(tx, deps, "lead.updated", lead);
    return { lead, changed };
  });
}

/** Adds a note to a lead's timeline. */
export async function addNote(
  { db, now: clock }: Pick<Deps, "db" | "now">,
  actor: Actor,
  id: number,
  body: string,
  /** The note records a contact with the buyer: it meets the first-response target. */
  contacted = false,
): Promise<LeadEvent> {
  const now = clock();
  return db.transaction(async (tx) => {
    await lockLead(tx, id);
    const [row] = await tx.query<EventRow>(
      `INSERT INTO inquiry_events (inquiry_id, kind, body, author_id, author_email, created_at, contacted)
       VALUES ($1, 'note', $2, $3, $4, $5, $6)
       RETURNING id, inquiry_id, kind, body, from_value, to_value, author_email, created_at, contacted`,
      [id, body, actor.userId, actor.email ?? "unknown", now.toISOString(), contacted],
    );
    if (contacted)
      await tx.query(
        "UPDATE inquiries SET first_response_at = coalesce(first_response_at, $2) WHERE id = $1",
        [id, now.toISOString()],
      );
    await recordAudit({ db: tx, now: () => now }, actor, {
      action: "lead.note",
      entity: "lead",
      entityId: id,
      changes: contacted ? { note: [null, body], contacted: [null, true] } : { note: [null, body] },
    });
    return eventOf(row!);
  });
}

interface EventRow {
  id: number;
  inquiry_id: number;
  kind: LeadEvent["kind"];
  body: string | null;
  from_value: string | null;
  to_value: string | null;
  author_email: string;
  created_at: Date | string;
  contacted: boolean;
  [k: string]: unknown;
}

const eventOf = (r: EventRow): LeadEvent => ({
  id: r.id,
  kind: r.kind,
  lead: r.inquiry_id,
  contacted: r.contacted,
  body: r.body,
  from: r.from_value,
  to: r.to_value,
  by: r.author_email,
  at: new Date(r.created_at).toISOString(),
});

/**
 * A lead's timeline with the timelines of the leads merged into it (their own record of the
 * merge aside: this lead has it), newest first.
 */
export async function timeline({ db }: Pick<Deps, "db">, id: number): Promise<LeadEvent[]> {
  const [lead] = await db.query("SELECT 1 FROM inquiries WHERE id = $1", [id]);
  if (!lead) throw new NotFound(GONE);
  const rows = await db.query<EventRow>(
    `SELECT id, inquiry_id, kind, body, from_value, to_value, author_email, created_at, contacted FROM inquiry_events
      WHERE inquiry_id = $1
         OR (inquiry_id IN (SELECT m.id FROM inquiries m WHERE m.merged_into = $1) AND kind <> 'merge')
      ORDER BY created_at DESC, id DESC LIMIT ${MAX_TIMELINE}`,
    [id],
  );
  return rows.map(eventOf);
}

/** The handled flag as it was before stages: handled moves a New lead to Contacted; not handled back to New. */
export async function setHandled(
  deps: Pick<Deps, "db" | "now" | "env" | "raise"> & Partial<Pick<Deps, "requestId">>,
  actor: Actor,
  id: number,
  handled: boolean,
) {
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
