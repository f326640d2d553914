/**
 * Two people changing one lead at once, on real PostgreSQL: each change is applied whole or
 * refused, the timeline's "from" is always what the lead really was, and a change based on a
 * stage or owner someone else has just replaced is refused (409) rather than silently undoing it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import assignLeadFn from "../../netlify/functions/assign-lead";
import updateLeadStageFn from "../../netlify/functions/update-lead-stage";
import { LEAD_STAGES } from "../../src/shared/contact/pipeline";
import { call } from "../helpers/dashboard-call";
import { insertInquiry } from "../helpers/dashboard-fixtures";
import { staffSessions, type StaffCookies } from "../helpers/dashboard-sessions";
import { postgresDb, requirePostgres, type TestDb } from "../helpers/db";
import { withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const assignLead = withPorts(assignLeadFn, () => ports);
const updateLeadStage = withPorts(updateLeadStageFn, () => ports);

let t: TestDb | undefined;
let s: StaffCookies;

beforeAll(async () => {
  t = await postgresDb();
  if (!t && requirePostgres()) throw new Error("PG_TEST_URL is not set");
  if (!t) return;
  ports = { db: t!.db };
  s = await staffSessions(t.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const events = (id: number) =>
  t!.db.query<{ kind: string; from_value: string | null; to_value: string | null }>(
    "SELECT kind, from_value, to_value FROM inquiry_events WHERE inquiry_id = $1 ORDER BY id",
    [id],
  );

describe.skipIf(!process.env.PG_TEST_URL && !requirePostgres())(
  "one lead changed at once, on PostgreSQL",
  () => {
    it("20 stage changes from the same stage at once: exactly one applies, the others get 409", async () => {
      const id = await insertInquiry(t!.db);
      const targets = Array.from({ length: 20 }, (_, i) => LEAD_STAGES[1 + (i % 5)]!);
      const answers = await Promise.all(
        targets.map((stage, i) =>
          call(updateLeadStage, "/api/update-lead-stage", {
            cookie: i % 2 ? s.cookies.admin : s.cookies.root_admin,
            json: { id, stage, expected: "New" },
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((x) => x === 200)).toHaveLength(1);
      expect(statuses.filter((x) => x === 409)).toHaveLength(19);
      const winner = targets[statuses.indexOf(200)]!;
      const [row] = await t!.db.query<{ stage: string }>("SELECT stage FROM inquiries WHERE id = $1", [id]);
      expect(row!.stage).toBe(winner);
      expect(await events(id)).toEqual([{ kind: "stage", from_value: "New", to_value: winner }]);
      const [{ n }] = (await t!.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'lead.stage' AND entity_id = $1",
        [String(id)],
      )) as [{ n: number }];
      expect(n).toBe(1);
    });

    it("20 stage changes without a base stage: all apply one after another, a timeline without gaps", async () => {
      const id = await insertInquiry(t!.db);
      const targets = Array.from({ length: 20 }, (_, i) => LEAD_STAGES[(i + 1) % 6]!);
      const answers = await Promise.all(
        targets.map((stage) =>
          call(updateLeadStage, "/api/update-lead-stage", { cookie: s.cookies.admin, json: { id, stage } }),
        ),
      );
      expect(answers.map((r) => r.status).every((x) => x === 200)).toBe(true);
      const log = await events(id);
      // Each change starts where the one before ended, and the lead is where the last one left it.
      let at = "New";
      for (const e of log) {
        expect(e.from_value).toBe(at);
        expect(e.to_value).not.toBe(e.from_value);
        at = e.to_value!;
      }
      const [row] = await t!.db.query<{ stage: string }>("SELECT stage FROM inquiries WHERE id = $1", [id]);
      expect(row!.stage).toBe(at);
    });

    it("two people assigning one unowned lead at once: one wins, the other is told (409)", async () => {
      const id = await insertInquiry(t!.db);
      const answers = await Promise.all(
        [s.users.admin.id, s.users.root_admin.id, s.users.admin.id, s.users.root_admin.id].map((owner, i) =>
          call(assignLead, "/api/assign-lead", {
            cookie: i % 2 ? s.cookies.admin : s.cookies.root_admin,
            json: { id, owner, expected: "none" },
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((x) => x === 200)).toHaveLength(1);
      expect(statuses.filter((x) => x === 409)).toHaveLength(3);
      const log = await events(id);
      expect(log).toHaveLength(1);
      expect(log[0]!.from_value).toBeNull();
    });
  },
);
