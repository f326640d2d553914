/**
 * The assignment rules' store. Admins keep ordered assignment rules (db/010) that give new leads
 * their owner on arrival (routing.ts); every change to a rule is in the audit trail.
 */
import type { AssignmentRule } from "../../shared/contact/assignment-api";
import type { AssignmentRuleInput, AssignmentRuleUpdate } from "../../shared/contact/assignment";
import { isLeadKind } from "../../shared/trust/trust";
import { LEAD_OWNER_ROLES } from "../../shared/staff/permissions";
import { recordAudit, type Actor } from "../common/audit";
import { Invalid, NotFound } from "../common/errors";
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import { owners } from "./lead-owners";

export interface RuleRow {
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
