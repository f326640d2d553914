/**
 * The housekeeping job with a moved clock, on PGlite and PostgreSQL, with local files and an
 * S3-compatible server (s3rver): each kind of personal data expires on its day and not before,
 * files leave storage, the figures still add up, and two runs at once do the work once.
 */
import { shortNetwork } from "../../src/server/common/network-address";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDeps } from "../../src/server/common/deps";
import type { Db } from "../../src/server/platform/db/db";
import { env } from "../../src/server/platform/env";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { newKey, type Storage } from "../../src/server/platform/storage/storage";
import {
  checkExtendToken,
  HOUSEKEEPING_ACTION,
  HOUSEKEEPING_LOCK,
  runHousekeeping,
  type HousekeepingResult,
} from "../../src/server/privacy/housekeeping";
import { BACKENDS, requirePostgres, type TestDb } from "../helpers/db";
import { count, insertApplication, insertInquiry, insertPost } from "../helpers/dashboard-fixtures";
import { storageBackends } from "../helpers/storages";

const DAY = 86_400_000;
const MINUTE = 60_000;
const T0 = new Date("2030-01-01T00:00:00Z");
const at = (days: number, minutes = 0) => new Date(T0.getTime() + days * DAY + minutes * MINUTE);
const SECRET = process.env.SESSION_SECRET!;

const STORAGES = storageBackends(SECRET);

describe("audit addresses are shortened", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0/24"],
    ["2001:db8:abcd:12::1", "2001:db8:abcd::/48"],
    ["2001:db8::1", "2001:db8::/48"],
    ["::ffff:198.51.100.9", "198.51.100.0/24"],
    ["::1", "::/48"],
    ["not an address", null],
  ])("%s -> %s", (from, to) => {
    expect(shortNetwork(from)).toBe(to);
  });
});

async function put(storage: Storage, kind: "private" | "public", ext: string) {
  const key = newKey(kind, ext);
  await storage.put(key, new TextEncoder().encode(`%PDF-1.4 ${key}`), "application/pdf");
  return key;
}

describe.each(BACKENDS)("housekeeping on $name", ({ name, open }) => {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await open();
    if (!t && name === "postgres" && requirePostgres()) throw new Error("PG_TEST_URL is not set");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe.each(STORAGES)("with %s", (_storageName, makeStorage) => {
    let db: Db;
    let storage: Storage;
    const sent: MailMessage[] = [];
    let clock = T0;
    const deps = () =>
      makeDeps({
        db,
        storage,
        mail: { send: async (m) => void sent.push(m) },
        now: () => clock,
        env: env(),
        secret: SECRET,
      });
    const run = async (when: Date): Promise<HousekeepingResult> => {
      clock = when;
      return runHousekeeping(deps());
    };

    beforeAll(async () => {
      if (!t) return;
      db = t.db;
      storage = await makeStorage();
      // Each storage gets a clean slate of the rows this test counts.
      await db.exec(`TRUNCATE applications, inquiries, comments, posts, sessions, email_codes,
        rate_limits, login_attempts, mail_log, audit_log, file_deletions, post_uploads,
        comment_reports, comment_spam_senders CASCADE`);
    });

    it("expires each kind on its day and not before, deleting its files", async (ctx) => {
      if (!t) return ctx.skip();
      const r = env().retention;
      expect(r).toMatchObject({
        applications: 365,
        talentPool: 730,
        leads: 1095,
        meetings: 365,
        commentEmails: 180,
        spamSenders: 365,
        shortLived: 30,
      });
      // Applications: one plain, one whose status changed on day 100, one in the talent pool.
      const plainKey = await put(storage, "private", "pdf");
      const plain = await insertApplication(db, { createdAt: T0.toISOString(), resumeKey: plainKey });
      const movedKey = await put(storage, "private", "pdf");
      const moved = await insertApplication(db, { createdAt: T0.toISOString(), resumeKey: movedKey });
      await db.query(
        `INSERT INTO application_status_history (application_id, from_status, to_status, changed_by_email, changed_at)
         VALUES ($1, 'New', 'Maybe', 'staff@example.com', $2)`,
        [moved, at(100).toISOString()],
      );
      await db.query("UPDATE applications SET status = 'Maybe' WHERE id = $1", [moved]);
      const poolKey = await put(storage, "private", "pdf");
      const pool = await insertApplication(db, {
        createdAt: T0.toISOString(),
        resumeKey: poolKey,
        email: "pool@example.org",
      });
      await db.query("UPDATE applications SET talent_pool = true WHERE id = $1", [pool]);
      // A lead with an attachment and a note on day 10.
      const leadKey = await put(storage, "private", "pdf");
      const lead = await insertInquiry(db, { createdAt: T0.toISOString(), fileKey: leadKey });
      await db.query(
        `INSERT INTO inquiry_events (inquiry_id, kind, body, author_email, created_at)
         VALUES ($1, 'note', 'Called Dana at home', 'staff@example.com', $2)`,
        [lead, at(10).toISOString()],
      );
      const post = await insertPost(db);
      // A call booked from the lead for day 2, 10:00-10:30 after T0, and a later one cancelled on day 3.
      const [owner] = await db.query<{ id: number }>(
        "INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id",
        [`hk-owner-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`],
      );
      await db.query(
        `INSERT INTO meetings (inquiry_id, owner_id, starts_at, ends_at, blocked_until, time_zone, booked_via, uid, cancelled_at)
         VALUES ($1, $2, $3, $4, $4, 'America/New_York', 'visit', $5, NULL),
                ($1, $2, $6, $7, $7, 'America/New_York', 'link', $8, $9)`,
        [
          lead,
          owner!.id,
          at(2, 600).toISOString(),
          at(2, 630).toISOString(),
          `hk-call-${lead}-a`,
          at(40, 600).toISOString(),
          at(40, 630).toISOString(),
          `hk-call-${lead}-b`,
          at(3).toISOString(),
        ],
      );
      await db.query(
        "INSERT INTO comments (post_id, name, email, comment, date) VALUES ($1, 'Dana', 'dana@example.org', 'Hi', $2)",
        [post, T0.toISOString()],
      );
      // A reader's report of it (a network's fingerprint), and its sender marked as spam.
      await db.query(
        `INSERT INTO comment_reports (comment_id, address_key, created_at)
         SELECT id, 'network-fingerprint', $1 FROM comments WHERE email = 'dana@example.org'`,
        [T0.toISOString()],
      );
      await db.query(
        `INSERT INTO comment_spam_senders (kind, key, created_at)
         VALUES ('email', 'email-fingerprint', $1), ('address', 'network-fingerprint', $1)`,
        [T0.toISOString()],
      );
      // Short-lived rows, ending at T0.
      const [user] = await db.query<{ id: number }>(
        "INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id",
        [`hk-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`],
      );
      await db.query(
        "INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s-old', $1, $2, $2)",
        [user!.id, T0.toISOString()],
      );
      await db.query(
        `INSERT INTO email_codes (purpose, email, code_hash, created_at, expires_at)
         VALUES ('application', 'code@example.org', 'h', $1, $1)`,
        [T0.toISOString()],
      );
      await db.query("INSERT INTO rate_limits (bucket, key, window_start, count) VALUES ('b', 'k', $1, 1)", [
        T0.toISOString(),
      ]);
      await db.query(
        `INSERT INTO mail_log (kind, recipient, subject, status, created_at, ref_table, ref_id)
         VALUES ('application-code', 'code@example.org', 'Your code', 'sent', $1, NULL, NULL),
                ('inquiry', 'sales@example.com', 'New inquiry', 'sent', $1, 'inquiries', $2)`,
        [T0.toISOString(), lead],
      );
      await db.query(
        `INSERT INTO audit_log (at, actor_email, action, address)
         VALUES ($1, 'staff@example.com', 'job.create', '203.0.113.77'),
                ($1, 'staff@example.com', 'job.create', '2001:db8:abcd:12::1')`,
        [T0.toISOString()],
      );
      const figures = async () => ({
        byStatus: await db.query("SELECT status, count(*)::int AS n FROM applications GROUP BY 1 ORDER BY 1"),
        byStage: await db.query("SELECT stage, count(*)::int AS n FROM inquiries GROUP BY 1 ORDER BY 1"),
        comments: await count(db, "comments"),
      });
      const before = await figures();
      const gone = async (key: string) => (await storage.get(key)) === null;

      // Day 30 (short-lived rows, audit addresses): a minute before, nothing; a minute after, gone.
      await run(at(30, -1));
      expect(await count(db, "sessions")).toBe(1);
      expect(await count(db, "email_codes")).toBe(1);
      expect(await count(db, "rate_limits")).toBe(1);
      expect(await count(db, "comment_reports")).toBe(1);
      expect(await count(db, "mail_log")).toBe(2);
      expect(await count(db, "audit_log", "address LIKE '%/%'")).toBe(0);
      await run(at(30, 1));
      expect(await count(db, "sessions")).toBe(0);
      expect(await count(db, "email_codes")).toBe(0);
      expect(await count(db, "rate_limits")).toBe(0);
      expect(await count(db, "comment_reports")).toBe(0);
      // The sales notification stays with its lead; the code's mail is gone.
      expect(await count(db, "mail_log")).toBe(1);
      const addresses = await db.query<{ address: string }>(
        "SELECT address FROM audit_log WHERE action = 'job.create' ORDER BY address",
      );
      expect(addresses.map((a) => a.address)).toEqual(["2001:db8:abcd::/48", "203.0.113.0/24"]);

      // Day 180: the commenter's e-mail, not the comment.
      await run(at(180, -1));
      expect(await count(db, "comments", "email IS NOT NULL")).toBe(1);
      await run(at(180, 1));
      expect(await count(db, "comments", "email IS NULL AND name = 'Dana' AND comment = 'Hi'")).toBe(1);

      // Day 365: the plain application (and the audit entries of T0); the one moved on day 100 stays.
      await run(at(365, -1));
      expect(await count(db, "applications", "anonymised_at IS NOT NULL")).toBe(0);
      expect(await count(db, "comment_spam_senders")).toBe(2);
      expect(await gone(plainKey)).toBe(false);
      expect(await count(db, "audit_log", "action = 'job.create'")).toBe(2);
      await run(at(365, 1));
      expect(await count(db, "audit_log", "action = 'job.create'")).toBe(0);
      expect(await count(db, "comment_spam_senders")).toBe(0);
      const [anon] = await db.query<Record<string, unknown>>("SELECT * FROM applications WHERE id = $1", [
        plain,
      ]);
      expect(anon).toMatchObject({
        first_name: "Anonymised",
        last_name: `#${plain}`,
        email: null,
        mobile: null,
        native_place: null,
        current_company: null,
        skills: null,
        resume_key: null,
        status: "New",
        anonymised_reason: "expired",
      });
      expect(await gone(plainKey)).toBe(true);
      expect(await gone(movedKey)).toBe(false);

      // Booked calls: 365 days after the end of the call held on day 2, and after the cancellation
      // (day 3) of the one set for day 40; the lead itself stays.
      expect(await count(db, "meetings")).toBe(2);
      await run(at(367, 629));
      expect(await count(db, "meetings")).toBe(2);
      await run(at(367, 631));
      expect(await count(db, "meetings", "cancelled_at IS NOT NULL")).toBe(1);
      expect(await count(db, "meetings")).toBe(1);
      await run(at(368, -1));
      expect(await count(db, "meetings")).toBe(1);
      await run(at(368, 1));
      expect(await count(db, "meetings")).toBe(0);
      expect(await count(db, "inquiries", "id = $1 AND email IS NOT NULL", [lead])).toBe(1);
      await run(at(465, -1));
      expect(await gone(movedKey)).toBe(false);
      await run(at(465, 1));
      expect(await gone(movedKey)).toBe(true);

      // Day 700: the talent-pool candidate is asked once; day 730 it expires.
      sent.length = 0;
      await run(at(700, -1));
      expect(sent).toHaveLength(0);
      await run(at(700, 1));
      await run(at(701));
      expect(sent.filter((m) => m.to === "pool@example.org")).toHaveLength(1);
      const link = /extend=([\w.-]+)/.exec(sent[0]!.text)![1]!;
      const [{ expiry_notice_at }] = (await db.query<{ expiry_notice_at: Date | string }>(
        "SELECT expiry_notice_at FROM applications WHERE id = $1",
        [pool],
      )) as [{ expiry_notice_at: Date | string }];
      expect(checkExtendToken(SECRET, link, new Date(expiry_notice_at))).toBe(true);
      await run(at(730, -1));
      expect(await gone(poolKey)).toBe(false);
      await run(at(730, 1));
      expect(await gone(poolKey)).toBe(true);

      // Day 1105: the lead, counted from its note on day 10.
      await run(at(1105, -1));
      expect(await gone(leadKey)).toBe(false);
      await run(at(1105, 1));
      expect(await gone(leadKey)).toBe(true);
      const [l] = await db.query<Record<string, unknown>>(
        "SELECT full_name, email, mobile, file_key, stage FROM inquiries WHERE id = $1",
        [lead],
      );
      expect(l).toEqual({
        full_name: `Anonymised #${lead}`,
        email: null,
        mobile: null,
        file_key: null,
        stage: "New",
      });
      expect(await count(db, "inquiry_events", "body LIKE '%Dana%'")).toBe(0);

      // Counts and stages stay: the figures add up as before.
      expect(await figures()).toEqual(before);
      expect(await count(db, "file_deletions")).toBe(0);
      // Every run left one entry of counts, with no personal data (those of the last 365 days stay).
      const entries = await db.query<{
        changes: unknown;
        actor_email: string | null;
        address: string | null;
      }>("SELECT changes, actor_email, address FROM audit_log WHERE action = $1", [HOUSEKEEPING_ACTION]);
      expect(entries.length).toBe(2);
      for (const e of entries) {
        expect(e.actor_email).toBeNull();
        expect(JSON.stringify(e.changes)).not.toMatch(/@|Dana|Asha/);
      }
    });

    it("deletes pictures of a post's text that no post uses after a day", async (ctx) => {
      if (!t) return ctx.skip();
      const used = await put(storage, "public", "webp");
      const unused = await put(storage, "public", "webp");
      const ofDeleted = await put(storage, "public", "webp");
      for (const key of [used, unused, ofDeleted])
        await db.query("INSERT INTO post_uploads (key, uploaded_at) VALUES ($1, $2)", [
          key,
          at(2000).toISOString(),
        ]);
      const post = await insertPost(db);
      await db.query("UPDATE posts SET content = $2 WHERE id = $1", [post, `![x](/api/media/${used})`]);
      const other = await insertPost(db);
      await db.query("UPDATE posts SET content = $2 WHERE id = $1", [other, `![x](/api/media/${ofDeleted})`]);
      await db.query("DELETE FROM posts WHERE id = $1", [other]);
      await run(at(2001, -1));
      expect(await storage.get(unused)).not.toBeNull();
      const res = await run(at(2001, 1));
      expect(res).toMatchObject({ orphanImages: 2 });
      expect(await storage.get(unused)).toBeNull();
      expect(await storage.get(ofDeleted)).toBeNull();
      expect(await storage.get(used)).not.toBeNull();
    });

    it.runIf(name === "postgres")("two runs at once do the work once", async (ctx) => {
      if (!t) return ctx.skip();
      const keys: string[] = [];
      for (let i = 0; i < 5; i++) {
        const key = await put(storage, "private", "pdf");
        keys.push(key);
        await insertApplication(db, { createdAt: at(3000).toISOString(), resumeKey: key });
      }
      clock = at(3366);
      const results = await Promise.all([
        runHousekeeping(deps()),
        runHousekeeping(deps()),
        runHousekeeping(deps()),
      ]);
      const done = results.filter((r) => !r.skipped);
      const anonymised = done.reduce((n, r) => n + (r.skipped ? 0 : r.applicationsAnonymised), 0);
      const files = done.reduce((n, r) => n + (r.skipped ? 0 : r.filesDeleted), 0);
      expect(anonymised).toBe(5);
      expect(files).toBe(5);
      // One entry per run that was not skipped.
      expect(
        await count(db, "audit_log", "action = $1 AND at = $2", [HOUSEKEEPING_ACTION, clock.toISOString()]),
      ).toBe(done.length);
      for (const key of keys) expect(await storage.get(key)).toBeNull();
    });

    it.runIf(name === "postgres")(
      "a run that finds another one running skips, changing nothing",
      async (ctx) => {
        if (!t) return ctx.skip();
        const key = await put(storage, "private", "pdf");
        const id = await insertApplication(db, { createdAt: at(4000).toISOString(), resumeKey: key });
        clock = at(4366);
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        let locked!: () => void;
        const isLocked = new Promise<void>((r) => (locked = r));
        const holder = db.transaction(async (tx) => {
          await tx.query("SELECT pg_advisory_xact_lock($1::bigint)", [HOUSEKEEPING_LOCK]);
          locked();
          await held;
        });
        await isLocked;
        const res = await runHousekeeping(deps());
        release();
        await holder;
        expect(res).toEqual({ skipped: true });
        expect(await count(db, "applications", "id = $1 AND anonymised_at IS NULL", [id])).toBe(1);
        expect(await storage.get(key)).not.toBeNull();
        expect(await runHousekeeping(deps())).toMatchObject({ skipped: false, applicationsAnonymised: 1 });
        expect(await storage.get(key)).toBeNull();
      },
    );
  });
});
