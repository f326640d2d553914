/**
 * Returning buyers and merged leads. A lead is returning when an earlier lead has the same e-mail
 * address or company domain (free-mail domains aside: ./lead-list.ts `returningAmong`); its card
 * lists the buyer's earlier and later leads. Staff merge a duplicate into the lead they keep:
 * nothing is deleted, the lead that went keeps its row, file and timeline, shown on the one kept,
 * and leaves the list. Recorded in both timelines and the audit trail, in one transaction.
 */
import type { RelatedLead } from "../../shared/contact/leads-api";
import { recordAudit, type Actor } from "../common/audit";
import { Conflict, NotFound } from "../common/errors";
import { emitWebhookEvent } from "../common/webhooks/events";
import type { Deps } from "../common/deps";
import { getLead, type FreeMail } from "./lead-list";

/** At most this many related leads of each kind on a card. */
const MAX_RELATED = 50;

interface RelatedRow {
  id: number;
  full_name: string;
  email: string;
  org_name: string;
  stage: string;
  created_at: Date | string;
  merged_into: number | null;
  project_type: string;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  match: RelatedLead["match"];
  [k: string]: unknown;
}

const relatedOf = (r: RelatedRow): RelatedLead => ({
  id: r.id,
  fullName: r.full_name,
  orgName: r.org_name,
  email: r.email,
  stage: r.stage,
  createdAt: new Date(r.created_at).toISOString(),
  match: r.match,
  mergedInto: r.merged_into,
  projectType: r.project_type,
  file: r.file_name ? { name: r.file_name, type: r.file_type, size: r.file_size } : null,
});

/**
 * The leads of the same buyer as lead `id`: the ones merged into it, and the earlier and later
 * ones with the same e-mail address or company domain (each list oldest first).
 */
export async function relatedLeads(
  { db, env }: Pick<Deps, "db" | "env">,
  id: number,
): Promise<{ earlier: RelatedLead[]; later: RelatedLead[]; merged: RelatedLead[] }> {
  const [lead] = await db.query<{ email: string | null }>("SELECT email FROM inquiries WHERE id = $1", [id]);
  if (!lead) throw new NotFound("This lead no longer exists.");
  const freeMail: FreeMail = env.blockedEmailDomains.map((d) => d.toLowerCase());
  const email = lead.email?.toLowerCase() ?? null;
  const domain = email?.split("@")[1] ?? null;
  const byDomain = domain !== null && !freeMail.includes(domain);
  // Three index walks (merged into it, same address, same domain), one row per lead.
  const rows = await db.query<RelatedRow>(
    `SELECT DISTINCT ON (i.id) i.id, i.full_name, coalesce(i.email, '') AS email, i.org_name, i.stage,
            i.created_at, i.merged_into, i.project_type, i.file_name, i.file_type, i.file_size, r.match
       FROM (SELECT id, 'merged' AS match, 0 AS rank FROM inquiries WHERE merged_into = $1
             UNION ALL
             SELECT id, 'email', 1 FROM inquiries WHERE $2::text IS NOT NULL AND email IS NOT NULL
                                                    AND lower(email) = $2 AND id <> $1
             UNION ALL
             SELECT id, 'domain', 2 FROM inquiries WHERE $3 AND email IS NOT NULL
                                                     AND lower(split_part(email, '@', 2)) = $4 AND id <> $1) r
       JOIN inquiries i ON i.id = r.id
      ORDER BY i.id, r.rank
      LIMIT $5`,
    [id, email, byDomain, domain, MAX_RELATED * 3],
  );
  const all = rows.map(relatedOf);
  return {
    merged: all.filter((r) => r.match === "merged").slice(0, MAX_RELATED),
    earlier: all.filter((r) => r.match !== "merged" && r.id < id).slice(-MAX_RELATED),
    later: all.filter((r) => r.match !== "merged" && r.id > id).slice(0, MAX_RELATED),
  };
}

export interface Merge {
  /** The lead that goes (it leaves the list; nothing of it is deleted). */
  from: number;
  /** The lead kept. */
  into: number;
}

/**
 * Merges lead `from` into lead `into`. Both rows are locked in id order, so of two merges of the
 * same lead at once, the second sees the first and is refused (409) instead of undoing it. Leads
 * that had gone into `from` go into `into` with it.
 */
export async function mergeLeads(
  deps: Pick<Deps, "db" | "now" | "env" | "raise"> & Partial<Pick<Deps, "requestId">>,
  actor: Actor,
  m: Merge,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; merged_into: number | null }>(
      "SELECT id, merged_into FROM inquiries WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE",
      [[m.from, m.into]],
    );
    const from = rows.find((r) => r.id === m.from);
    const into = rows.find((r) => r.id === m.into);
    if (!from || !into) throw new NotFound(`Lead #${!from ? m.from : m.into} no longer exists.`);
    if (from.merged_into !== null)
      throw new Conflict(`Lead #${m.from} was already merged into lead #${from.merged_into}.`);
    if (into.merged_into !== null)
      throw new Conflict(
        `Lead #${m.into} was merged into lead #${into.merged_into}: merge into that one instead.`,
      );
    const at = now.toISOString();
    const carried = await tx.query<{ id: number }>(
      "UPDATE inquiries SET merged_into = $2 WHERE merged_into = $1 RETURNING id",
      [m.from, m.into],
    );
    await tx.query("UPDATE inquiries SET merged_into = $2, merged_at = $3 WHERE id = $1", [
      m.from,
      m.into,
      at,
    ]);
    for (const lead of [m.from, m.into])
      await tx.query(
        `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
         VALUES ($1, 'merge', $2, $3, $4, $5, $6)`,
        [lead, `#${m.from}`, `#${m.into}`, actor.userId, actor.email ?? "unknown", at],
      );
    await recordAudit({ db: tx, now: () => now }, actor, {
      action: "lead.merge",
      entity: "lead",
      entityId: m.into,
      changes: {
        merged: [null, m.from],
        ...(carried.length ? { alsoMoved: [null, carried.map((r) => r.id).join(", ")] } : {}),
      },
    });
    const lead = await getLead(tx, m.into, deps.env);
    if (!lead) throw new NotFound(`Lead #${m.into} no longer exists.`);
    await emitWebhookEvent(tx, deps, "lead.updated", lead);
    return { lead, changed: true };
  });
}
