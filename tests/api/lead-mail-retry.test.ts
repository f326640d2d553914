/**
 * The owner's "this lead is yours" mail and the overdue reminders that failed are sent again by
 * the retry job (retry-notifications), after the same waits as sales notifications, once, and only
 * while they still apply: not to an owner who no longer owns the lead, not for an answer given since.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/platform/db/db";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { insertInquiry } from "../helpers/dashboard-fixtures";

const MINUTE = 60_000;
const T0 = new Date("2026-11-20T10:00:00Z");
let now = T0;
/** A mailer that refuses while `down`, and keeps what it sent. */
const mailer = { down: false, sent: [] as MailMessage[] };

let api: ApiHarness;
let db: Db;
beforeAll(async () => {
  api = await apiHarness({
    now: () => now,
    mail: {
      send: async (m: MailMessage) => {
        if (mailer.down) throw new Error("SES is down");
        mailer.sent.push(m);
      },
    },
  });
  db = api.db.db;
});
beforeEach(async () => {
  await db.query("DELETE FROM inquiries");
  await db.query("DELETE FROM mail_log");
  mailer.down = false;
  mailer.sent = [];
  now = T0;
});
afterAll(() => api.close());

/** A scheduled job (remind-overdue-leads, retry-notifications) as the scheduler runs it. */
const run = async (job: string) => (await api.schedule(job)).json();
const retry = "retry-notifications";
const remind = "remind-overdue-leads";

/** A lead owned by `owner` since the assignment rule "West" gave it, whose owner's mail failed. */
async function ownedLeadWithFailedMail(owner: { id: number; email: string }) {
  const id = await insertInquiry(db, { createdAt: T0.toISOString(), orgName: "Globex" });
  await db.query("UPDATE inquiries SET owner_id = $2 WHERE id = $1", [id, owner.id]);
  await db.query(
    `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_email, created_at)
     VALUES ($1, 'owner', NULL, $2, 'assignment rule "West"', $3)`,
    [id, owner.email, T0.toISOString()],
  );
  await db.query(
    `INSERT INTO mail_log (kind, ref_table, ref_id, recipient, subject, status, error, created_at)
     VALUES ('lead-owner', 'inquiries', $1, $2, $3, 'failed', 'SES is down', $4)`,
    [id, owner.email, `Lead #${id} is yours: Globex (Normal)`, T0.toISOString()],
  );
  return id;
}

describe("the owner's mail, sent again", () => {
  it("goes out once after its wait, rebuilt from the lead", async () => {
    const owner = api.staff.users.admin;
    const id = await ownedLeadWithFailedMail(owner);
    now = new Date(T0.getTime() + 5 * MINUTE); // the first wait is 10 minutes
    expect(await run(retry)).toEqual({ due: 0, sent: 0, failed: 0 });
    now = new Date(T0.getTime() + 11 * MINUTE);
    expect(await run(retry)).toEqual({ due: 1, sent: 1, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.to).toBe(owner.email);
    expect(mailer.sent[0]!.subject).toBe(`Lead #${id} is yours: Globex (Normal)`);
    expect(mailer.sent[0]!.text).toContain('by the assignment rule "West"');
    now = new Date(T0.getTime() + 60 * MINUTE);
    expect(await run(retry)).toEqual({ due: 0, sent: 0, failed: 0 });
    const log = await db.query<{ status: string }>(
      "SELECT status FROM mail_log WHERE kind = 'lead-owner' AND ref_id = $1 ORDER BY id",
      [id],
    );
    expect(log.map((r) => r.status)).toEqual(["failed", "sent"]);
  });

  it("waits longer after each failure, and is not sent to someone who no longer owns the lead", async () => {
    const id = await ownedLeadWithFailedMail(api.staff.users.admin);
    mailer.down = true;
    now = new Date(T0.getTime() + 11 * MINUTE);
    expect(await run(retry)).toEqual({ due: 1, sent: 0, failed: 1 });
    now = new Date(T0.getTime() + 25 * MINUTE); // the second wait is 20 minutes from 11
    expect(await run(retry)).toEqual({ due: 0, sent: 0, failed: 0 });
    await db.query("UPDATE inquiries SET owner_id = $2 WHERE id = $1", [id, api.staff.users.root_admin.id]);
    mailer.down = false;
    now = new Date(T0.getTime() + 40 * MINUTE);
    expect(await run(retry)).toEqual({ due: 0, sent: 0, failed: 0 });
    expect(mailer.sent).toEqual([]);
  });
});

describe("an overdue reminder, sent again", () => {
  it("goes out while the lead still waits for that answer, and not once it is answered", async () => {
    const waiting = await insertInquiry(db, { createdAt: T0.toISOString(), orgName: "Initech" });
    const answered = await insertInquiry(db, { createdAt: T0.toISOString(), orgName: "Umbrella" });
    // The first answer's target (60 minutes by default) is missed; the reminders fail.
    now = new Date(T0.getTime() + 70 * MINUTE);
    mailer.down = true;
    await run(remind);
    const failed = await db.query<{ ref_id: number }>(
      "SELECT ref_id FROM mail_log WHERE kind = 'lead-overdue' AND status = 'failed'",
    );
    expect(new Set(failed.map((r) => r.ref_id))).toEqual(new Set([waiting, answered]));
    await db.query("UPDATE inquiries SET first_response_at = $2 WHERE id = $1", [
      answered,
      new Date(T0.getTime() + 75 * MINUTE).toISOString(),
    ]);
    mailer.down = false;
    now = new Date(T0.getTime() + 81 * MINUTE);
    const result = (await run(retry)) as { sent: number };
    expect(result.sent).toBeGreaterThan(0);
    expect(
      mailer.sent.every((m) => m.subject === `Overdue: first answer for lead #${waiting} (Initech)`),
    ).toBe(true);
    expect(mailer.sent[0]!.text).toContain("Nobody owns this lead yet");
    // Each admin it failed for gets it once.
    expect(new Set(mailer.sent.map((m) => m.to)).size).toBe(mailer.sent.length);
    expect(await run(retry)).toEqual({ due: 0, sent: 0, failed: 0 });
  });
});
