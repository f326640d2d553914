/**
 * Owners on arrival through the endpoints: admins keep ordered rules; a new inquiry gets the
 * owner of the first enabled rule that matches its company size and budget, round-robin over the
 * rule's members, in the transaction that stores it; no match leaves it unassigned. The owner is
 * mailed a link to the lead after the buyer's answer. Rules and assignments are audited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settled } from "../../src/server/http/endpoint";
import type { Db } from "../../src/server/platform/db/db";
import {
  addAssignmentRuleApi,
  assignmentRulesApi,
  deleteAssignmentRuleApi,
  updateAssignmentRuleApi,
  type AssignmentRule,
} from "../../src/shared/contact/assignment-api";
import { submitApi } from "../../src/shared/contact/api";
import { inquiriesApi, leadTimelineApi, type Lead, type LeadEvent } from "../../src/shared/contact/leads-api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { contactForm } from "../helpers/contact";
import type { Caller } from "../helpers/staff-matrix";

let api: ApiHarness;
let db: Db;
/** Owner mails wait for this before they go (null: they go at once). */
let ownerMailGate: Promise<void> | null = null;

beforeAll(async () => {
  api = await apiHarness({
    mail: {
      send: async (m) => {
        if (m.subject.startsWith("Lead #") && ownerMailGate) await ownerMailGate;
        api.outbox.push(m);
      },
    },
  });
  db = api.db.db;
});
beforeEach(async () => {
  await settled();
  await db.query("DELETE FROM assignment_rules");
  api.outbox.length = 0;
  ownerMailGate = null;
});
afterAll(() => api.close());

let n = 0;
/** A contact inquiry as a buyer sends it; answers its lead id. */
async function inquiry(fields: Record<string, string> = {}): Promise<number> {
  const tag = `Assign${Date.now().toString(36)}${n++}`;
  const res = await api.call(submitApi, {
    form: contactForm({ orgName: tag, email: `buyer@${tag.toLowerCase()}.example`, ...fields }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const list = await api.call(inquiriesApi, { as: "admin", query: { q: tag } });
  return ((await list.json()) as { inquiries: Lead[] }).inquiries[0]!.id;
}
const ownerOf = async (id: number) =>
  (await db.query<{ owner_id: number | null }>("SELECT owner_id FROM inquiries WHERE id = $1", [id]))[0]!
    .owner_id;

async function addRule(body: Record<string, unknown>): Promise<AssignmentRule> {
  const res = await api.call(addAssignmentRuleApi, { as: "admin", body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { rule: AssignmentRule }).rule;
}
const ids = (...roles: ("admin" | "root_admin")[]) => roles.map((r) => String(api.staff.users[r].id));

describe("owners on arrival", () => {
  it("leaves a lead unassigned when there is no rule, and mails no owner", async () => {
    const id = await inquiry();
    await settled();
    expect(await ownerOf(id)).toBeNull();
    expect(api.outbox.filter((m) => m.subject.startsWith("Lead #"))).toEqual([]);
  });

  it("takes the first enabled rule that matches size and budget, round-robin over its members", async () => {
    await addRule({ name: "Disabled", members: ids("root_admin"), enabled: false });
    await addRule({
      name: "Big accounts",
      companySizes: ["500-Above", "200-500"],
      budgets: ["$50000-$100000"],
      members: ids("root_admin"),
    });
    await addRule({ name: "Everyone else", members: ids("admin", "root_admin") });

    const big = await inquiry({ companySize: "500-Above", budget: "$50000-$100000" });
    expect(await ownerOf(big)).toBe(api.staff.users.root_admin.id);
    // The size matches but the budget does not: the next rule, in turn.
    const owners = [];
    for (let i = 0; i < 4; i++) owners.push(await ownerOf(await inquiry({ companySize: "500-Above" })));
    expect(owners).toEqual([
      api.staff.users.admin.id,
      api.staff.users.root_admin.id,
      api.staff.users.admin.id,
      api.staff.users.root_admin.id,
    ]);
    const list = await api.call(assignmentRulesApi, { as: "admin" });
    expect(
      ((await list.json()) as { rules: AssignmentRule[] }).rules.map((r) => [r.name, r.position, r.assigned]),
    ).toEqual([
      ["Disabled", 1, 0],
      ["Big accounts", 2, 1],
      ["Everyone else", 3, 4],
    ]);
  });

  it("leaves a lead no rule matches unassigned", async () => {
    await addRule({ name: "Tiny only", companySizes: ["Less than 5"], members: ids("admin") });
    expect(await ownerOf(await inquiry({ companySize: "50-100" }))).toBeNull();
  });

  it("records the assignment in the timeline and the audit trail, and mails the owner after the answer", async () => {
    await addRule({ name: "All leads", members: ids("admin") });
    let open!: () => void;
    ownerMailGate = new Promise((r) => (open = r));
    const id = await inquiry(); // answered while the owner's mail still waits
    expect(api.outbox.filter((m) => m.subject.startsWith("Lead #"))).toEqual([]);
    open();
    await settled();
    const mail = api.outbox.find((m) => m.subject.startsWith(`Lead #${id} is yours`))!;
    expect(mail.to).toBe(api.staff.users.admin.email);
    expect(mail.text).toContain(`/dashboard/leads#lead-${id}`);
    expect(mail.text).toContain('assignment rule "All leads"');
    const logged = await db.query("SELECT 1 FROM mail_log WHERE kind = 'lead-owner' AND ref_id = $1", [id]);
    expect(logged).toHaveLength(1);

    const res = await api.call(leadTimelineApi, { as: "admin", params: { id } });
    const events = ((await res.json()) as { events: LeadEvent[] }).events;
    expect(events).toMatchObject([
      { kind: "owner", from: null, to: api.staff.users.admin.email, by: 'assignment rule "All leads"' },
    ]);
    const [audit] = await db.query<{ actor_email: string | null; changes: unknown }>(
      "SELECT actor_email, changes FROM audit_log WHERE action = 'lead.owner' AND entity_id = $1",
      [String(id)],
    );
    expect(audit).toEqual({
      actor_email: null,
      changes: {
        owner: { from: null, to: api.staff.users.admin.email },
        rule: { from: null, to: "All leads" },
      },
    });
  });

  it("skips a member who can no longer own leads", async () => {
    const [reader] = await db.query<{ id: number }>(
      "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'admin') RETURNING id",
      [`soon-reader-${Date.now()}@example.com`],
    );
    await addRule({ name: "Two", members: [String(reader!.id), ...ids("admin")] });
    await db.query("UPDATE users SET role = 'reader' WHERE id = $1", [reader!.id]);
    expect([await ownerOf(await inquiry()), await ownerOf(await inquiry())]).toEqual([
      api.staff.users.admin.id,
      api.staff.users.admin.id,
    ]);
  });
});

describe("the rules", () => {
  it("are audited, reordered and deleted, with their order kept 1, 2, 3", async () => {
    const a = await addRule({ name: "A", members: ids("admin") });
    const b = await addRule({ name: "B", members: ids("admin") });
    const c = await addRule({ name: "C", members: ids("admin") });
    const moved = await api.call(updateAssignmentRuleApi, {
      as: "admin",
      params: { id: c.id },
      body: { name: "C first", members: ids("admin", "root_admin"), enabled: true, position: 1 },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(((await moved.json()) as { rule: AssignmentRule }).rule).toMatchObject({
      name: "C first",
      position: 1,
      members: [
        { id: api.staff.users.admin.id, email: api.staff.users.admin.email },
        { id: api.staff.users.root_admin.id, email: api.staff.users.root_admin.email },
      ],
    });
    const del = await api.call(deleteAssignmentRuleApi, { as: "admin", params: { id: a.id } });
    expect(await del.json()).toEqual({ id: a.id, message: "Rule deleted" });
    const list = await api.call(assignmentRulesApi, { as: "admin" });
    expect(((await list.json()) as { rules: AssignmentRule[] }).rules.map((r) => [r.id, r.position])).toEqual(
      [
        [c.id, 1],
        [b.id, 2],
      ],
    );
    const audits = await db.query<{ action: string; entity_id: string; changes: Record<string, unknown> }>(
      "SELECT action, entity_id, changes FROM audit_log WHERE entity = 'assignment_rule' AND entity_id = ANY($1) ORDER BY id",
      [[a.id, b.id, c.id].map(String)],
    );
    expect(audits.map((x) => x.action)).toEqual([
      "assignment_rule.create",
      "assignment_rule.create",
      "assignment_rule.create",
      "assignment_rule.update",
      "assignment_rule.delete",
    ]);
    expect(audits[3]!.changes).toMatchObject({
      name: { from: "C", to: "C first" },
      position: { from: 3, to: 1 },
    });
  });

  it("refuse members who cannot own leads, unknown sizes and budgets, and readers", async () => {
    const refuse = async (
      body: Record<string, unknown>,
      status: number,
      error: string,
      as: Caller = "admin",
    ) => {
      const res = await api.call(addAssignmentRuleApi, { as, body });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error).toContain(error);
    };
    await refuse(
      { name: "R", members: [String(api.staff.users.reader.id)] },
      400,
      "staff who can work on leads",
    );
    await refuse({ name: "R", members: ["99999999"] }, 400, "staff who can work on leads");
    await refuse({ name: "R", members: [] }, 400, "at least one member");
    await refuse({ name: "R", members: ids("admin"), companySizes: ["Huge"] }, 400, '"Huge" is not one of');
    await refuse({ name: " ", members: ids("admin") }, 400, "Name the rule.");
    await refuse({ name: "R", members: ids("admin") }, 403, "", "reader");
    expect(await db.query("SELECT 1 FROM assignment_rules")).toEqual([]);
  });
});
