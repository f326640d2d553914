/**
 * 20 inquiries at once under a round-robin rule over 3 members, on real PostgreSQL: the rule's
 * turn is taken with one UPDATE inside each inquiry's transaction, so the leads are spread evenly
 * (no owner gets two more than another) and every lead gets an owner.
 */
import { describe, expect, it } from "vitest";
import submitFn from "../../netlify/functions/submit";
import { settled } from "../../src/server/http/endpoint";
import { contactForm } from "../helpers/contact";
import { raceDb } from "../helpers/race";
import { withPorts } from "../helpers/ports";

const pg = raceDb();
const submit = withPorts(submitFn, () => ({ db: pg.db(), mail: { send: async () => {} } }));

const base = "http://localhost:4321";

describe.skipIf(pg.skip)("owners on arrival, on PostgreSQL", () => {
  it("20 inquiries at once under a round-robin rule over 3 members: spread evenly", async () => {
    const [third] = await pg
      .db()
      .query<{ id: number }>(
        "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'admin') RETURNING id",
        [`third-${Date.now()}@example.com`],
      );
    const members = [pg.staff().users.admin.id, pg.staff().users.root_admin.id, third!.id];
    await pg
      .db()
      .query("INSERT INTO assignment_rules (position, name, members) VALUES (1, 'Round robin', $1)", [
        members,
      ]);
    const tag = `Race${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit(
          new Request(`${base}/api/submit`, {
            method: "POST",
            body: contactForm({ orgName: `${tag} ${i}`, email: `buyer${i}@${tag.toLowerCase()}.example` }),
            headers: { origin: base },
          }),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await pg
      .db()
      .query<{ owner_id: number | null; n: number }>(
        "SELECT owner_id, count(*)::int AS n FROM inquiries WHERE org_name LIKE $1 GROUP BY owner_id",
        [`${tag} %`],
      );
    const counts = members.map((m) => rows.find((r) => r.owner_id === m)?.n ?? 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    const [rule] = await pg.db().query<{ turns: string }>("SELECT turns FROM assignment_rules");
    expect(Number(rule!.turns)).toBe(20);
    await settled(); // the owners' mails are recorded after the answers
  });
});

describe.skipIf(pg.skip)("owners on arrival, a member's account deleted meanwhile, on PostgreSQL", () => {
  it("the inquiry waits for the deletion and is stored without that owner (never a 500)", async () => {
    const db = pg.db();
    await db.query("UPDATE assignment_rules SET enabled = false");
    const [gone] = await db.query<{ id: number }>(
      "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'admin') RETURNING id",
      [`leaving-${Date.now()}@example.com`],
    );
    await db.query("INSERT INTO assignment_rules (position, name, members) VALUES (0, 'Leaving', $1)", [
      [gone!.id],
    ]);
    const tag = `Gone${Date.now().toString(36)}`;
    let answer: Promise<Response> | undefined;
    // The account's deletion is under way (not committed) when the inquiry arrives: the inquiry
    // reads the rule's member while the deletion holds the account's row.
    await db.transaction(async (tx) => {
      await tx.query("DELETE FROM users WHERE id = $1", [gone!.id]);
      answer = submit(
        new Request(`${base}/api/submit`, {
          method: "POST",
          body: contactForm({ orgName: tag, email: `buyer@${tag.toLowerCase()}.example` }),
          headers: { origin: base },
        }),
      );
      await new Promise((r) => setTimeout(r, 400));
    });
    const res = await answer!;
    expect(res.status).toBe(200);
    const [lead] = await db.query<{ owner_id: number | null }>(
      "SELECT owner_id FROM inquiries WHERE org_name = $1",
      [tag],
    );
    expect(lead).toEqual({ owner_id: null });
    await settled();
  });
});
