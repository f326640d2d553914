/**
 * Routing of a lead on arrival: a new inquiry goes to the owner of the buyer's earlier lead, else
 * to the first enabled assignment rule whose lead kinds, company sizes and budgets match it (an
 * empty list matches any), to the rule's next member in turn with a free call time, in the
 * transaction that stores it. No match: unassigned. Assignments are in the audit trail.
 */
import type { LeadKind } from "../../shared/trust/trust";
import { recordAudit } from "../common/audit";
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import type { RuleRow } from "./assignment";
import { withFreeTime } from "./free-time";
import { owners } from "./lead-owners";

export interface Assigned {
  ownerId: number;
  ownerEmail: string;
  rule: string;
}

/**
 * Gives a just-stored inquiry its owner by the rules, on the inquiry's own transaction `tx`:
 * the matching rule's turn is taken with one UPDATE (its row stays locked until the inquiry
 * commits), so inquiries arriving at once share the members evenly. Answers the owner, or
 * undefined when no enabled rule matches or none of its members can own leads any more.
 */
export async function assignOnArrival(
  tx: Db,
  deps: Pick<Deps, "now"> & Partial<Pick<Deps, "env">>,
  lead: { id: number; kind?: LeadKind; companySize: string; budget: string; email?: string },
): Promise<Assigned | undefined> {
  // A returning buyer goes to the owner of their earlier lead, while that member can own leads.
  const earlier = lead.email ? await earlierOwner(tx, lead.id, lead.email) : undefined;
  if (earlier) return setOwner(tx, deps, lead.id, earlier, "their earlier lead");
  const rules = await tx.query<Pick<RuleRow, "id" | "company_sizes" | "budgets" | "kinds">>(
    "SELECT id, company_sizes, budgets, kinds FROM assignment_rules WHERE enabled ORDER BY position, id",
  );
  const kind = lead.kind ?? "contact";
  // A security review has no company size or budget: a rule that names some matches contact leads only.
  const rule = rules.find(
    (r) =>
      (r.kinds.length === 0 || r.kinds.includes(kind)) &&
      (r.company_sizes.length === 0 || r.company_sizes.includes(lead.companySize)) &&
      (r.budgets.length === 0 || r.budgets.includes(lead.budget)),
  );
  if (!rule) return undefined;
  const [turn] = await tx.query<{ turn: string | number; members: number[]; name: string }>(
    "UPDATE assignment_rules SET turns = turns + 1 WHERE id = $1 RETURNING turns - 1 AS turn, members, name",
    [rule.id],
  );
  if (!turn) return undefined;
  const emails = await owners(tx, turn.members, { lock: true });
  const valid = turn.members.filter((id) => emails.has(id));
  if (!valid.length) return undefined;
  // Round robin over the members with a free call time in the next two days (all, if none has).
  const open = deps.env ? await withFreeTime(tx, deps as Pick<Deps, "now" | "env">, valid) : valid;
  const order = Array.from(
    { length: valid.length },
    (_, k) => valid[(Number(turn.turn) + k) % valid.length]!,
  );
  const ownerId = order.find((id) => open.includes(id)) ?? order[0]!;
  const ownerEmail = emails.get(ownerId)!;
  return setOwner(
    tx,
    deps,
    lead.id,
    { id: ownerId, email: ownerEmail },
    `assignment rule "${turn.name}"`,
    turn.name,
  );
}

/** The owner of the buyer's latest earlier lead (same address), while they can own leads. */
async function earlierOwner(
  tx: Db,
  id: number,
  email: string,
): Promise<{ id: number; email: string } | undefined> {
  const address = email.trim().toLowerCase();
  const [prev] = await tx.query<{ owner_id: number }>(
    `SELECT owner_id FROM inquiries
      WHERE lower(split_part(email, '@', 2)) = $1 AND lower(email) = $2 AND id <> $3 AND owner_id IS NOT NULL
      ORDER BY id DESC LIMIT 1`,
    [address.split("@")[1] ?? "", address, id],
  );
  if (!prev) return undefined;
  const found = await owners(tx, [prev.owner_id], { lock: true });
  const ownerEmail = found.get(prev.owner_id);
  return ownerEmail ? { id: prev.owner_id, email: ownerEmail } : undefined;
}
async function setOwner(
  tx: Db,
  deps: Pick<Deps, "now">,
  leadId: number,
  owner: { id: number; email: string },
  by: string,
  rule = by,
): Promise<Assigned> {
  const { id: ownerId, email: ownerEmail } = owner;
  const lead = { id: leadId };
  const now = deps.now();
  await tx.query("UPDATE inquiries SET owner_id = $2 WHERE id = $1", [lead.id, ownerId]);
  await tx.query(
    `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
     VALUES ($1, 'owner', NULL, $2, NULL, $3, $4)`,
    [lead.id, ownerEmail, by.slice(0, 254), now.toISOString()],
  );
  await recordAudit(
    { db: tx, now: () => now },
    { userId: null, email: null, address: null },
    {
      action: "lead.owner",
      entity: "lead",
      entityId: lead.id,
      changes: { owner: [null, ownerEmail], rule: [null, rule] },
    },
  );
  return { ownerId, ownerEmail, rule };
}

/**
 * Who may take a call with an unowned lead: the members of the first enabled rule that matches
 * it and can own leads, from the one whose turn is next. Empty when no rule matches.
 */
export async function ruleMembersFor(
  db: Db,
  lead: { companySize: string; budget: string },
): Promise<{ id: number; email: string }[]> {
  const rules = await db.query<Pick<RuleRow, "id" | "company_sizes" | "budgets" | "members" | "turns">>(
    "SELECT id, company_sizes, budgets, members, turns FROM assignment_rules WHERE enabled ORDER BY position, id",
  );
  const rule = rules.find(
    (r) =>
      (r.company_sizes.length === 0 || r.company_sizes.includes(lead.companySize)) &&
      (r.budgets.length === 0 || r.budgets.includes(lead.budget)),
  );
  if (!rule) return [];
  const emails = await owners(db, rule.members);
  const valid = rule.members.filter((id) => emails.has(id));
  if (!valid.length) return [];
  const next = Number(rule.turns) % valid.length;
  return [...valid.slice(next), ...valid.slice(0, next)].map((id) => ({ id, email: emails.get(id)! }));
}
