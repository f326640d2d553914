import { env } from "../../src/server/platform/env";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSchema } from "../../src/shared/contact/contact";
import { createApp } from "../../src/server/http/app";
import type { Deps } from "../../src/server/common/deps";
import { saveInquiry } from "../../src/server/contact/inquiries";
import { notifySales, unnotifiedInquiries } from "../../src/server/contact/sales-mail";
import type { Db } from "../../src/server/platform/db/db";
import { Conflict, NotFound } from "../../src/server/common/errors";
import { listLeads as listInquiries } from "../../src/server/contact/lead-list";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import {
  claimNotification,
  nextAttemptAt,
  RESEND_MESSAGES,
  resendNotification,
  retryDelayMinutes,
  retryNotifications,
  RETRY,
} from "../../src/server/contact/notify-retry";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { validInquiry } from "../helpers/contact";
import { BACKENDS, requirePostgres, type TestDb } from "../helpers/db";
import { log } from "../../src/server/platform/log";
import type { GivenPorts } from "../helpers/ports";

/** The back ends of the apps this file makes (newApp). */
let ports: GivenPorts = {};

const input = contactSchema({ blockedDomains: [] }).parse(validInquiry);
const meta = { sourcePage: null, utm: {} };
const MINUTE = 60_000;
/** The staff member who sends a notification again (the audit entry's actor). */
const SALES_STAFF = { userId: null, email: "sales-lead@example.com", address: "198.51.100.9" };

describe("the wait between automatic attempts", () => {
  it("doubles from 10 minutes to at most 12 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMinutes)).toEqual([
      10, 20, 40, 80, 160, 320, 640, 720, 720,
    ]);
  });
  it("stops a week after the inquiry arrived", () => {
    const createdAt = new Date("2026-01-01T00:00:00Z");
    const soon = { id: 1, createdAt, failures: 2, lastAttempt: new Date("2026-01-01T01:00:00Z") };
    expect(nextAttemptAt(soon)).toEqual(new Date("2026-01-01T01:20:00Z"));
    const late = { ...soon, failures: 30, lastAttempt: new Date("2026-01-07T20:00:00Z") };
    expect(nextAttemptAt(late)).toBeNull();
  });
});

describe.each(BACKENDS)("re-sending failed sales notifications on $name", ({ name, open }) => {
  let t: TestDb | undefined;
  let dir: string;
  /** A mailer that refuses while `down` is true, and keeps what it sent. */
  const mailer = { down: true, sent: [] as MailMessage[] };
  /** The clock the service sees (and records attempts at): real time plus a shift. */
  let shift = 0;

  beforeAll(async () => {
    t = await open();
    if (!t && name === "postgres" && requirePostgres()) throw new Error("PG_TEST_URL is not set");
    dir = mkdtempSync(path.join(os.tmpdir(), "notify-retry-"));
  });
  beforeEach(() => {
    if (!t) return;
    const db = t.db;
    mailer.down = true;
    mailer.sent = [];
    shift = 0;
    ports = {
      db,
      storage: createLocalStorage(dir, "s".repeat(40)),
      now: () => new Date(Date.now() + shift),
      mail: {
        send: async (msg: MailMessage) => {
          if (mailer.down) throw new Error("SES is down");
          mailer.sent.push(msg);
        },
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const newApp = (): Deps =>
    createApp(new Request("http://localhost:4321/.netlify/functions/retry"), undefined, ports).deps;

  /** An inquiry whose notification failed when it arrived, as /api/submit leaves it. */
  async function failedInquiry(db: Db): Promise<number> {
    const app = newApp();
    const id = await saveInquiry({ db, storage: app.storage, log }, input, undefined, meta);
    expect(await notifySales(app, id)).toBe(false);
    return id;
  }

  it("retries with a growing wait until the mailer recovers, then never again", async (ctx) => {
    if (!t) return ctx.skip();
    const db = t.db;
    const id = await failedInquiry(db);
    const mine = (sent: MailMessage[]) => sent.filter((m) => m.subject.startsWith(`New inquiry #${id}:`));

    // Within the first wait nothing is tried.
    shift = 5 * MINUTE;
    expect((await retryNotifications(newApp())).due).toBe(0);

    // After it, one attempt, which fails again: the next wait is 20 minutes.
    shift = 11 * MINUTE;
    expect(await retryNotifications(newApp())).toMatchObject({ due: 1, sent: 0, failed: 1 });
    shift = 11 * MINUTE + 15 * MINUTE;
    expect((await retryNotifications(newApp())).due).toBe(0);

    // The mailer recovers; the next run after the wait sends it, once.
    mailer.down = false;
    shift = 11 * MINUTE + 21 * MINUTE;
    expect(await retryNotifications(newApp())).toMatchObject({ due: 1, sent: 1, failed: 0 });
    expect(mine(mailer.sent)).toHaveLength(1);
    expect(mine(mailer.sent)[0]!.replyTo).toBe(input.email);
    expect(await unnotifiedInquiries({ db })).not.toContain(id);

    shift = 24 * 60 * MINUTE;
    expect((await retryNotifications(newApp())).due).toBe(0);
    expect(mine(mailer.sent)).toHaveLength(1);
    const log = await db.query<{ status: string }>(
      "SELECT status FROM mail_log WHERE ref_table = 'inquiries' AND ref_id = $1 ORDER BY id",
      [id],
    );
    expect(log.map((r) => r.status)).toEqual(["failed", "failed", "sent"]);
  });

  it("shows the unsent notification in the leads inbox until staff send it again", async (ctx) => {
    if (!t) return ctx.skip();
    const db = t.db;
    const id = await failedInquiry(db);
    const lead = async () =>
      (
        await listInquiries({ db, env: env(), now: () => new Date() }, { page: 1, handled: undefined })
      ).inquiries.find((l) => l.id === id)!.notification;
    const before = await lead();
    expect(before).toMatchObject({ sent: false, failures: 1 });
    expect(new Date(before.nextAttemptAt!).getTime() - new Date(before.lastAttemptAt!).getTime()).toBe(
      RETRY.firstDelayMinutes * MINUTE,
    );

    // Still down: 502 with a message, and a second failed attempt on record.
    await expect(resendNotification(newApp(), id, SALES_STAFF)).rejects.toMatchObject({
      kind: "upstream-failed",
      message: RESEND_MESSAGES.failed,
    });
    expect(await lead()).toMatchObject({ sent: false, failures: 2 });

    mailer.down = false;
    await resendNotification(newApp(), id, SALES_STAFF);
    expect(await lead()).toMatchObject({ sent: true, failures: 0, nextAttemptAt: null });
    // One entry, for the send that went out (none for the refused and failed tries).
    const entries = await db.query<{ actor_email: string }>(
      "SELECT actor_email FROM audit_log WHERE action = 'lead.notification_resent' AND entity_id = $1",
      [String(id)],
    );
    expect(entries.map((e) => e.actor_email)).toEqual([SALES_STAFF.email]);
    // Sent once: asking again is refused, and nothing more goes out.
    await expect(resendNotification(newApp(), id, SALES_STAFF)).rejects.toMatchObject({
      kind: "conflict",
      message: RESEND_MESSAGES.already,
    });
    expect(mailer.sent.filter((m) => m.subject.startsWith(`New inquiry #${id}:`))).toHaveLength(1);
    await expect(resendNotification(newApp(), 987_654, SALES_STAFF)).rejects.toBeInstanceOf(NotFound);
  });

  it("lets exactly one of many simultaneous senders claim a notification", async (ctx) => {
    if (!t) return ctx.skip();
    const db = t.db;
    const id = await failedInquiry(db);
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimNotification({ db, now: () => now }, id)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A claim whose sender died lapses.
    const later = new Date(now.getTime() + (RETRY.claimSeconds + 1) * 1000);
    expect(await claimNotification({ db, now: () => later }, id)).toBe(true);
  });

  it("never claims a notification that another sender sent while the claim waited for the row", async (ctx) => {
    // Only a server with concurrent connections has the race (PGlite has one connection).
    if (!t || name !== "postgres") return ctx.skip();
    const db = t.db;
    const id = await failedInquiry(db);
    mailer.down = false;
    shift = 11 * MINUTE;
    let waiting!: Promise<boolean>;
    // Another sender holds its claim (an open transaction, so the row stays locked): a second claim
    // begins now, sees the notification unsent and waits for the row; meanwhile the first sender
    // records the sent mail and releases its claim.
    await db.transaction(async (tx) => {
      await tx.query(
        "UPDATE inquiries SET notify_claimed_until = now() + interval '2 minutes' WHERE id = $1",
        [id],
      );
      waiting = claimNotification({ db, now: () => new Date(Date.now() + shift) }, id);
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE inquiries i SET notify_claimed_until%'`,
              )
            )[0]!.n,
          { timeout: 10_000 },
        )
        .toBe(1);
      await tx.query(
        `INSERT INTO mail_log (kind, ref_table, ref_id, recipient, subject, status)
         VALUES ('inquiry', 'inquiries', $1, 'sales@example.com', 'New inquiry', 'sent')`,
        [id],
      );
      await tx.query("UPDATE inquiries SET notify_claimed_until = NULL WHERE id = $1", [id]);
    });
    expect(await waiting).toBe(false);
    expect(await unnotifiedInquiries({ db })).not.toContain(id);
    // And the claim it did not keep is not left behind.
    const [row] = await db.query<{ claimed: unknown }>(
      "SELECT notify_claimed_until AS claimed FROM inquiries WHERE id = $1",
      [id],
    );
    expect(row!.claimed).toBeNull();
  });

  it("sends once when the scheduled run and staff's Send again meet", async (ctx) => {
    if (!t) return ctx.skip();
    const db = t.db;
    const id = await failedInquiry(db);
    mailer.down = false;
    shift = 11 * MINUTE;
    const outcomes = await Promise.allSettled([
      retryNotifications(newApp()),
      resendNotification(newApp(), id, SALES_STAFF),
      resendNotification(newApp(), id, SALES_STAFF),
      retryNotifications(newApp()),
    ]);
    expect(outcomes.filter((o) => o.status === "rejected").length).toBeGreaterThan(0);
    for (const o of outcomes)
      if (o.status === "rejected") expect(o.reason, String(o.reason)).toBeInstanceOf(Conflict);
    expect(mailer.sent.filter((m) => m.subject.startsWith(`New inquiry #${id}:`))).toHaveLength(1);
  });
});
