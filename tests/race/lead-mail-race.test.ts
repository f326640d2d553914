/**
 * Retry runs at once (a slow run still going when the next is scheduled, or the local timer beside
 * a manual call), on real PostgreSQL: a failed owner's mail goes out exactly once.
 */
import { describe, expect, it } from "vitest";
import retryFn from "../../netlify/functions/retry-notifications";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { insertInquiry } from "../helpers/dashboard-fixtures";
import { raceDb } from "../helpers/race";
import { withPorts } from "../helpers/ports";

const pg = raceDb();
const sent: MailMessage[] = [];
const T0 = new Date("2026-11-20T10:00:00Z");
const retry = withPorts(retryFn, () => ({
  db: pg.db(),
  now: () => new Date(T0.getTime() + 30 * 60_000),
  mail: {
    send: async (m: MailMessage) => {
      // Slow enough that the runs overlap.
      await new Promise((r) => setTimeout(r, 50));
      sent.push(m);
    },
  },
}));

describe.skipIf(pg.skip)("failed lead mails sent again by runs at once, on PostgreSQL", () => {
  it("8 runs at once send a failed owner's mail once", async () => {
    const db = pg.db();
    const owner = pg.staff().users.admin;
    const id = await insertInquiry(db, { createdAt: T0.toISOString(), orgName: "Race Co" });
    await db.query("UPDATE inquiries SET owner_id = $2 WHERE id = $1", [id, owner.id]);
    await db.query(
      `INSERT INTO mail_log (kind, ref_table, ref_id, recipient, subject, status, error, created_at)
       VALUES ('lead-owner', 'inquiries', $1, $2, $3, 'failed', 'SES is down', $4)`,
      [id, owner.email, `Lead #${id} is yours: Race Co (Normal)`, T0.toISOString()],
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        retry(new Request("https://site.example/.netlify/functions/retry-notifications", { method: "POST" })),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(sent.filter((m) => m.subject === `Lead #${id} is yours: Race Co (Normal)`)).toHaveLength(1);
    const [{ n }] = (await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_log WHERE kind = 'lead-owner' AND ref_id = $1 AND status = 'sent'",
      [id],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
