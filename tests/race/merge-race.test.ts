/**
 * Two merges of the same lead at once, on real PostgreSQL: one result, never both. The rows of
 * both leads are locked in id order, so the second merge sees the first and is refused (409)
 * instead of undoing it or making a chain; no deadlock between merges that share a lead.
 */
import { describe, expect, it } from "vitest";
import mergeLeadsFn from "../../netlify/functions/merge-leads";
import { call } from "../helpers/dashboard-call";
import { insertInquiry } from "../helpers/dashboard-fixtures";
import { raceDb } from "../helpers/race";
import { withPorts } from "../helpers/ports";

const pg = raceDb();
const mergeLeads = withPorts(mergeLeadsFn, () => ({ db: pg.db() }));

const merge = (from: number, into: number, i = 0) =>
  call(mergeLeads, "/api/merge-leads", {
    cookie: i % 2 ? pg.staff().cookies.admin : pg.staff().cookies.root_admin,
    json: { from, into },
  });

const state = (ids: number[]) =>
  pg
    .db()
    .query<{ id: number; merged_into: number | null }>(
      "SELECT id, merged_into FROM inquiries WHERE id = ANY($1::int[]) ORDER BY id",
      [ids],
    );
const mergeEvents = async (ids: number[]) =>
  Number(
    (
      await pg
        .db()
        .query<{ n: number }>(
          "SELECT count(*)::int AS n FROM inquiry_events WHERE kind = 'merge' AND inquiry_id = ANY($1::int[])",
          [ids],
        )
    )[0]!.n,
  );

describe.skipIf(pg.skip)("merges at once, on PostgreSQL", () => {
  it("one lead merged into 10 different leads at once: one merge applies, 9 get 409", async () => {
    const from = await insertInquiry(pg.db());
    const targets = await Promise.all(Array.from({ length: 10 }, () => insertInquiry(pg.db())));
    const answers = await Promise.all(targets.map((into, i) => merge(from, into, i)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(9);
    const winner = targets[statuses.indexOf(200)]!;
    expect((await state([from]))[0]!.merged_into).toBe(winner);
    expect(await mergeEvents([from, ...targets])).toBe(2);
  });

  it("two leads merged into each other at once: one result, no chain, no deadlock", async () => {
    for (let round = 0; round < 10; round++) {
      const [a, b] = [await insertInquiry(pg.db()), await insertInquiry(pg.db())];
      const answers = await Promise.all([merge(a, b, 0), merge(b, a, 1)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const rows = await state([a, b]);
      expect(rows.filter((r) => r.merged_into !== null)).toHaveLength(1);
      expect(await mergeEvents([a, b])).toBe(2);
    }
  });
});
