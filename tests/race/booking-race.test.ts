/**
 * 20 bookings of one slot at once, on real PostgreSQL: the meetings table's exclusion constraint
 * (db/019) lets exactly one win (201); the others are told it was just taken (409).
 */
import { describe, expect, it } from "vitest";
import submitFn from "../../netlify/functions/submit";
import bookFn from "../../netlify/functions/book-meeting";
import slotsFn from "../../netlify/functions/booking-slots";
import { settled } from "../../src/server/http/endpoint";
import { contactForm } from "../helpers/contact";
import { raceDb } from "../helpers/race";
import { withPorts } from "../helpers/ports";

const pg = raceDb();
const ports = () => ({ db: pg.db(), mail: { send: async () => {} } });
const submit = withPorts(submitFn, ports);
const book = withPorts(bookFn, ports);
const slots = withPorts(slotsFn, ports);

const base = "http://localhost:4321";

describe.skipIf(pg.skip)("booking one slot, on PostgreSQL", () => {
  it("20 buyers book one slot at once: exactly one 201, the others 409", async () => {
    const owner = pg.staff().users.admin.id;
    await pg.db().query(
      `INSERT INTO staff_availability (user_id, time_zone, weekly, calendar_token)
       VALUES ($1, 'Asia/Kolkata', $2::jsonb, $3)`,
      [owner, JSON.stringify(Array(7).fill([{ start: "00:00", end: "23:59" }])), "r".repeat(32)],
    );
    await pg
      .db()
      .query("INSERT INTO assignment_rules (position, name, members) VALUES (1, 'One', $1)", [[owner]]);
    const tag = `Book${Date.now().toString(36)}`;
    const cookies = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await submit(
          new Request(`${base}/api/submit`, {
            method: "POST",
            body: contactForm({ orgName: `${tag} ${i}`, email: `buyer${i}@${tag.toLowerCase()}.example` }),
            headers: { origin: base },
          }),
        );
        expect(res.status).toBe(200);
        return res.headers.get("set-cookie")!.split(";")[0]!;
      }),
    );
    const offered = await slots(
      new Request(`${base}/api/booking-slots`, { headers: { cookie: cookies[0]! } }),
    );
    const { slots: list } = (await offered.json()) as { slots: { start: string; ownerId: number }[] };
    const slot = list[5]!;
    const answers = await Promise.all(
      cookies.map((cookie, i) =>
        book(
          new Request(`${base}/api/book-meeting`, {
            method: "POST",
            body: JSON.stringify({ start: slot.start, ownerId: slot.ownerId, timeZone: "America/New_York" }),
            headers: {
              origin: base,
              cookie,
              "content-type": "application/json",
              // Each buyer from an address of their own (the per-address limit is not under test).
              "x-nf-client-connection-ip": `203.0.113.${i + 1}`,
            },
          }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const rows = await pg
      .db()
      .query<{ n: number }>(
        "SELECT count(*)::int AS n FROM meetings WHERE cancelled_at IS NULL AND starts_at = $1",
        [slot.start],
      );
    expect(rows[0]!.n).toBe(1);
    await settled();
  });
});
