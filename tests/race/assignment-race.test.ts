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
