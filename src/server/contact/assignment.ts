/**
 * Owners on arrival. Admins keep ordered assignment rules (db/010); a new inquiry takes the first
 * enabled rule whose lead kinds, company sizes and budgets match it (an empty list matches any) and goes to
 * the rule's next member in turn, in the transaction that stores it. No match: unassigned. Rules
 * and assignments are in the audit trail; the owner is mailed after the buyer's answer.
 */
import type { AssignmentRule } from "../../shared/contact/assignment-api";
import type { AssignmentRuleInput, AssignmentRuleUpdate } from "../../shared/contact/assignment";
import { isRole } from "../../shared/staff/staff";
import { isLeadKind, type LeadKind } from "../../shared/trust/trust";
import { LEAD_OWNER_ROLES, ownsLeads } from "../../shared/staff/permissions";
import { recordAudit, type Actor } from "../common/audit";
import { Invalid, NotFound } from "../common/errors";
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import { loadWeeks } from "./availability";
import { ownerSlots } from "./slots";

interface RuleRow {
  id: number;
  position: number;
  name: string;
  company_sizes: string[];
  budgets: string[];
  kinds: string[];
  members: number[];
  enabled: boolean;
  turns: string | number;
  [k: string]: unknown;
}

const GONE = "This rule no longer exists.";

/** Staff who can own leads (admin and root_admin), by id. */
async function owners(
  db: Db,
  ids: readonly number[],
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<number, string>> {
  // KEY SHARE (lock): an account found here cannot be deleted until the transaction ends, so the
  // lead's owner_id never points at an account deleted in between (a deletion waits, then clears it).
  const rows = await db.query<{ id: number; email: string; role: string }>(
    `SELECT id, email, role FROM users WHERE id = ANY($1::int[])${lock ? " FOR KEY SHARE" : ""}`,
    [ids],
  );
  return new Map(rows.filter((u) => isRole(u.role) && ownsLeads(u.role)).map((u) => [u.id, u.email]));
}

function ruleOf(r: RuleRow, emails: Map<number, string>): AssignmentRule {
  return {
    id: r.id,
    position: r.position,
    name: r.name,
    companySizes: r.company_sizes,
    budgets: r.budgets,
    kinds: r.kinds.filter(isLeadKind),
    members: r.members.map((id) => ({ id, email: emails.get(id) ?? null })),
    enabled: r.enabled,
    assigned: Number(r.turns),
  };
}

/** The rules in the order they are tried. */
export async function listRules({ db }: Pick<Deps, "db">): Promise<AssignmentRule[]> {
  const rows = await db.query<RuleRow>("SELECT * FROM assignment_rules ORDER BY position, id");
  const emails = await owners(db, [...new Set(rows.flatMap((r) => r.members))]);
  return rows.map((r) => ruleOf(r, emails));
}

async function checkMembers(db: Db, members: readonly number[]): Promise<void> {
  const found = await owners(db, members);
  if (members.some((id) => !found.has(id)))
    throw new Invalid(`Choose the members among the staff who can work on leads (${LEAD_OWNER_ROLES}).`);
}

/** Numbers the rules 1, 2, 3... in their order, `moved` put at `to` (1-based) when given. */
async function renumber(tx: Db, moved?: { id: number; to: number }): Promise<void> {
  const rows = await tx.query<{ id: number }>("SELECT id FROM assignment_rules ORDER BY position, id");
  const ids = rows.map((r) => r.id).filter((id) => id !== moved?.id);
  if (moved) ids.splice(Math.min(moved.to, ids.length + 1) - 1, 0, moved.id);
  await tx.query(
    `UPDATE assignment_rules r SET position = o.n
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE r.id = o.id AND r.position <> o.n`,
    [ids],
  );
}

interface RuleFields {
  name: string;
  companySizes: readonly string[];
  budgets: readonly string[];
  kinds: readonly string[];
  members: readonly number[];
  enabled: boolean;
}

const audited = (r: RuleFields) => ({
  name: r.name,
  companySizes: r.companySizes.join(", ") || "any",
  budgets: r.budgets.join(", ") || "any",
  kinds: r.kinds.join(", ") || "any",
  members: r.members.join(", "),
  enabled: r.enabled,
});

export async function createRule(deps: Pick<Deps, "db" | "now">, actor: Actor, input: AssignmentRuleInput) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await checkMembers(tx, input.members);
    // One rule added at a time, so two admins adding at once get different places.
    await tx.query("LOCK TABLE assignment_rules IN SHARE ROW EXCLUSIVE MODE");
    const [row] = await tx.query<RuleRow>(
      `INSERT INTO assignment_rules (position, name, company_sizes, budgets, members, enabled, created_at, updated_at, kinds)
       SELECT coalesce(max(position), 0) + 1, $1, $2, $3, $4, $5, $6, $6, $7 FROM assignment_rules
       RETURNING *`,
      [
        input.name,
        input.companySizes,
        input.budgets,
        input.members,
        input.enabled,
        now.toISOString(),
        input.kinds,
      ],
    );
    const after = audited(input);
    await recordAudit({ db: tx, now: () => now }, actor, {
      action: "assignment_rule.create",
      entity: "assignment_rule",
      entityId: row!.id,
      changes: Object.fromEntries(Object.entries(after).map(([k, v]) => [k, [null, v] as const])),
    });
    return ruleOf(row!, await owners(tx, input.members));
  });
}

export async function updateRule(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  id: number,
  input: AssignmentRuleUpdate,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.query("LOCK TABLE assignment_rules IN SHARE ROW EXCLUSIVE MODE");
    const [cur] = await tx.query<RuleRow>("SELECT * FROM assignment_rules WHERE id = $1", [id]);
    if (!cur) throw new NotFound(GONE);
    await checkMembers(tx, input.members);
    await tx.query(
      `UPDATE assignment_rules SET name = $2, company_sizes = $3, budgets = $4, members = $5, enabled = $6,
              updated_at = $7, kinds = $8 WHERE id = $1`,
      [
        id,
        input.name,
        input.companySizes,
        input.budgets,
        input.members,
        input.enabled,
        now.toISOString(),
        input.kinds,
      ],
    );
    if (input.position !== undefined && input.position !== cur.position)
      await renumber(tx, { id, to: input.position });
    const [row] = await tx.query<RuleRow>("SELECT * FROM assignment_rules WHERE id = $1", [id]);
    const before: Record<string, unknown> = {
      ...audited({
        name: cur.name,
        companySizes: cur.company_sizes,
        budgets: cur.budgets,
        kinds: cur.kinds,
        members: cur.members,
        enabled: cur.enabled,
      }),
      position: cur.position,
    };
    const after: Record<string, unknown> = { ...audited(input), position: row!.position };
    const changes = Object.fromEntries(
      Object.keys(after)
        .filter((k) => before[k] !== after[k])
        .map((k) => [k, [before[k], after[k]] as const]),
    );
    if (Object.keys(changes).length)
      await recordAudit({ db: tx, now: () => now }, actor, {
        action: "assignment_rule.update",
        entity: "assignment_rule",
        entityId: id,
        changes,
      });
    return ruleOf(row!, await owners(tx, row!.members));
  });
}

export async function deleteRule(deps: Pick<Deps, "db" | "now">, actor: Actor, id: number): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.query("LOCK TABLE assignment_rules IN SHARE ROW EXCLUSIVE MODE");
    const [gone] = await tx.query<{ name: string }>(
      "DELETE FROM assignment_rules WHERE id = $1 RETURNING name",
      [id],
    );
    if (!gone) throw new NotFound(GONE);
    await renumber(tx);
    await recordAudit({ db: tx, now: () => now }, actor, {
      action: "assignment_rule.delete",
      entity: "assignment_rule",
      entityId: id,
      changes: { name: [gone.name, null] },
    });
  });
}

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

/**
 * The members who have a free call time in the next two days. A member who never set their hours
 * is not judged by them (they take leads as before); one whose hours are full is skipped.
 */
async function withFreeTime(tx: Db, deps: Pick<Deps, "now" | "env">, ids: number[]): Promise<number[]> {
  const now = deps.now().getTime();
  const from = new Date(now + deps.env.booking.minNoticeMinutes * 60_000);
  const to = new Date(now + 2 * 86_400_000);
  const weeks = await loadWeeks(tx, ids, from, to);
  const judged = new Set(weeks.map((w) => w.ownerId));
  const free = new Set(
    weeks.filter((w) => ownerSlots(w, from.getTime(), to.getTime()).length > 0).map((w) => w.ownerId),
  );
  return ids.filter((id) => !judged.has(id) || free.has(id));
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

/** The member's address when they can still own leads. */
export async function leadOwner(
  db: Db,
  id: number | null,
): Promise<{ id: number; email: string } | undefined> {
  if (id === null) return undefined;
  const email = (await owners(db, [id])).get(id);
  return email ? { id, email } : undefined;
}
