/**
 * Comment moderation under concurrency, on real PostgreSQL (PGlite has one connection and would
 * run these one after another): parallel reports count once per address, the third address hides
 * the comment exactly once, and two staff acting on one held comment at once leave one outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import moderateCommentFn from "../../netlify/functions/moderate-comment";
import reportCommentFn from "../../netlify/functions/report-comment";
import { call, type Handler } from "../helpers/dashboard-call";
import { insertComment, insertPost } from "../helpers/dashboard-fixtures";
import { staffSessions, type StaffCookies } from "../helpers/dashboard-sessions";
import { postgresDb, requirePostgres, type TestDb } from "../helpers/db";
import { withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const moderateComment = withPorts(moderateCommentFn, () => ports);
const reportComment = withPorts(reportCommentFn, () => ports);

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

const report = (id: number, from: string) =>
  call(reportComment as Handler, "/api/report-comment", {
    json: { id },
    headers: { "x-nf-client-connection-ip": from },
  });

const state = async (id: number) =>
  (
    await t!.db.query<{ status: string; report_count: number; held_reasons: string[] }>(
      "SELECT status, report_count, held_reasons FROM comments WHERE id = $1",
      [id],
    )
  )[0];
const reports = async (id: number) =>
  (
    await t!.db.query<{ n: number }>("SELECT count(*)::int AS n FROM comment_reports WHERE comment_id = $1", [
      id,
    ])
  )[0]!.n;

describe.skipIf(!process.env.PG_TEST_URL && !requirePostgres())("moderation at once, on PostgreSQL", () => {
  it("10 reports at once from one address count once", async () => {
    const id = await insertComment(t!.db, await insertPost(t!.db));
    const answers = await Promise.all(Array.from({ length: 10 }, () => report(id, "192.0.2.10")));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await reports(id)).toBe(1);
    expect(await state(id)).toMatchObject({ status: "published", report_count: 1 });
  });

  it("two addresses reporting 6 times each at once: 2 reports, still public", async () => {
    const id = await insertComment(t!.db, await insertPost(t!.db));
    const from = ["192.0.2.20", "2001:db8:20:1::5"];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => report(id, from[i % 2]!)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await reports(id)).toBe(2);
    expect(await state(id)).toMatchObject({ status: "published", report_count: 2 });
  });

  it("six addresses at once: every report counts, the comment is hidden once, with one reason", async () => {
    const id = await insertComment(t!.db, await insertPost(t!.db));
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, i) => report(id, `192.0.2.${30 + (i % 6)}`)),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await reports(id)).toBe(6);
    expect(await state(id)).toEqual({ status: "held", report_count: 6, held_reasons: ["reports"] });
  });

  it.each([
    ["approve", "delete"],
    ["spam", "delete"],
    ["approve", "spam"],
  ])("%s and %s at once, 10 times: one wins, the other is refused, one audit entry", async (a, b) => {
    for (let round = 0; round < 10; round++) {
      const id = await insertComment(t!.db, await insertPost(t!.db));
      await t!.db.query("UPDATE comments SET status = 'held', held_reasons = '{links}' WHERE id = $1", [id]);
      const [ra, rb] = await Promise.all(
        [a, b].map((action, i) =>
          call(moderateComment as Handler, "/api/moderate-comment", {
            cookie: i ? s.cookies.admin : s.cookies.root_admin,
            json: { id, action },
          }),
        ),
      );
      const statuses = [ra!.status, rb!.status];
      expect(
        statuses.filter((x) => x === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect(statuses.filter((x) => x === 409 || x === 404)).toHaveLength(1);
      const winner = statuses[0] === 200 ? a : b;
      const row = await state(id);
      if (winner === "delete") expect(row).toBeUndefined();
      else expect(row?.status).toBe(winner === "approve" ? "published" : "spam");
      const entries = await t!.db.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity = 'comment' AND entity_id = $1",
        [String(id)],
      );
      expect(entries.map((e) => e.action)).toEqual([`comment.${winner}`]);
    }
  });
});
