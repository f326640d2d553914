/**
 * The staff audit trail: every staff write endpoint (derived from netlify/functions) records an
 * entry naming who, what, which record and from where, with a short before/after; a change that
 * fails records nothing, and an entry that cannot be written takes its change back with it;
 * sign-ins, failures, lockouts and resets are recorded without a password or a code; root_admin
 * reads, filters and exports the trail; old entries are pruned.
 */
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import auditLogFn from "../../netlify/functions/audit-log";
import auditLogExportFn from "../../netlify/functions/audit-log-export";
import forgotPasswordFn from "../../netlify/functions/forgot-password";
import loginFn from "../../netlify/functions/login";
import logoutFn from "../../netlify/functions/logout";
import housekeepingFnFn from "../../netlify/functions/housekeeping";
import resetPasswordFn from "../../netlify/functions/reset-password";
import updateJobPostFn from "../../netlify/functions/update-job-post";
import editUserFn from "../../netlify/functions/edit-user";
import { createApp, settled } from "../../src/server/http/endpoint";
import { resetEnv } from "../../src/server/platform/env";
import { createSession, publicSessionId } from "../../src/server/staff/sessions";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { loadFunctions, type LoadedFunction } from "../../scripts/lib/functions";
import { call, postForm } from "../helpers/dashboard-call";
import {
  count,
  insertApplication,
  insertComment,
  insertFaq,
  insertInquiry,
  insertJob,
  insertPost,
  pngBytes,
} from "../helpers/dashboard-fixtures";
import { createStaffCookies, type StaffCookies } from "../helpers/staff-matrix";
import { staffFunctions } from "../helpers/staff-functions";
import { apiDb, type TestDb } from "../helpers/db";
import { noWait, withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const auditLog = withPorts(auditLogFn, () => ports);
const auditLogExport = withPorts(auditLogExportFn, () => ports);
const forgotPassword = withPorts(forgotPasswordFn, () => ports);
const login = withPorts(loginFn, () => ports);
const logout = withPorts(logoutFn, () => ports);
const housekeepingFn = withPorts(housekeepingFnFn, () => ports);
const resetPassword = withPorts(resetPasswordFn, () => ports);
const updateJobPost = withPorts(updateJobPostFn, () => ports);
const editUser = withPorts(editUserFn, () => ports);

let t: TestDb;
let s: StaffCookies;
let fns: LoadedFunction[];
const outbox: MailMessage[] = [];
beforeAll(async () => {
  t = await apiDb();
  // No growing wait between the failures below.
  ports = { db: t.db, mail: { send: async (m) => void outbox.push(m) }, sleep: noWait };
  s = await createStaffCookies(t.db);
  fns = await loadFunctions(undefined, () => ports);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const admin = () => s.headers.admin.cookie!;
const root = () => s.headers.root_admin.cookie!;
const fn = (name: string) => fns.find((f) => f.name === name)!.handler;
const lastId = async () =>
  Number((await t.db.query<{ id: string }>("SELECT coalesce(max(id), 0) AS id FROM audit_log"))[0]!.id);
const entriesAfter = (id: number) =>
  t.db.query<{
    action: string;
    actor_email: string | null;
    entity: string | null;
    entity_id: string | null;
    address: string | null;
    changes: Record<string, { from: unknown; to: unknown }>;
  }>(
    "SELECT action, actor_email, entity, entity_id, address, changes FROM audit_log WHERE id > $1 ORDER BY id",
    [id],
  );

/** POSTs and DELETEs of staff functions that change nothing, and why. */
const CHANGES_NOTHING: Record<string, string> = {
  "preview-post": "renders Markdown for the editor's preview; stores nothing",
};

interface Sample {
  /** The entry's action. */
  action: string;
  cookie: () => string;
  /** A valid request: path and init for call(). */
  make: () => Promise<{ path: string; method?: string; json?: unknown; form?: FormData }>;
}

/** A webhook endpoint whose receiver is never there (the discard port). */
async function insertWebhook(): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO webhook_endpoints (url, events, secret)
     VALUES ('http://127.0.0.1:9/hooks', '{lead.created}', 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=')
     RETURNING id`,
  );
  return row!.id;
}

/** One valid change per staff write function. */
const SAMPLES: Record<string, Sample> = {
  "add-post": {
    action: "post.create",
    cookie: admin,
    make: async () => ({
      path: "/api/add-post",
      form: postForm({ title: `Audited ${Date.now()}`, author: "A", category: "Servers", content: "C" }),
    }),
  },
  "update-post": {
    action: "post.update",
    cookie: admin,
    make: async () => ({
      path: "/api/update-post",
      form: postForm({
        id: String(await insertPost(t.db)),
        title: "Retitled",
        author: "A",
        category: "Servers",
        content: "C",
      }),
    }),
  },
  "delete-post": {
    action: "post.delete",
    cookie: admin,
    make: async () => ({ path: `/api/delete-post/${await insertPost(t.db)}`, method: "DELETE" }),
  },
  "upload-post-image": {
    action: "post.image_upload",
    cookie: admin,
    make: async () => ({
      path: "/api/upload-post-image",
      form: postForm({ alt: "A chart" }, { image: [await pngBytes(), "chart.png", "image/png"] }),
    }),
  },
  "delete-comment": {
    action: "comment.delete",
    cookie: admin,
    make: async () => ({
      path: `/api/delete-comment/${await insertComment(t.db, await insertPost(t.db))}`,
      method: "DELETE",
    }),
  },
  "moderate-comment": {
    action: "comment.spam",
    cookie: admin,
    make: async () => {
      const id = await insertComment(t.db, await insertPost(t.db));
      await t.db.query("UPDATE comments SET status = 'held' WHERE id = $1", [id]);
      return { path: "/api/moderate-comment", json: { id, action: "spam" } };
    },
  },
  "update-faq": {
    action: "faq.answer",
    cookie: admin,
    make: async () => ({ path: "/api/update-faq", json: { id: await insertFaq(t.db), answer: "Yes." } }),
  },
  "delete-faq": {
    action: "faq.delete",
    cookie: admin,
    make: async () => ({ path: `/api/delete-faq/${await insertFaq(t.db)}`, method: "DELETE" }),
  },
  "add-job-post": {
    action: "job.create",
    cookie: admin,
    make: async () => ({
      path: "/api/add-job-post",
      json: { job_title: "SRE", required_experience: 3, skills: "", description: "Run things." },
    }),
  },
  "update-job-post": {
    action: "job.update",
    cookie: admin,
    make: async () => ({
      path: "/api/update-job-post",
      json: { id: await insertJob(t.db), job_title: "Renamed", required_experience: 4, description: "D" },
    }),
  },
  "delete-job-post": {
    action: "job.delete",
    cookie: admin,
    make: async () => ({ path: `/api/delete-job-post/${await insertJob(t.db)}`, method: "DELETE" }),
  },
  "update-application-status": {
    action: "application.status",
    cookie: admin,
    make: async () => ({
      path: "/api/update-application-status",
      json: { id: await insertApplication(t.db), status: "Maybe" },
    }),
  },
  "update-inquiry": {
    action: "lead.stage",
    cookie: admin,
    make: async () => ({
      path: "/api/update-inquiry",
      json: { id: await insertInquiry(t.db), handled: true },
    }),
  },
  "update-lead-stage": {
    action: "lead.stage",
    cookie: admin,
    make: async () => ({
      path: "/api/update-lead-stage",
      json: { id: await insertInquiry(t.db), stage: "Won" },
    }),
  },
  "assign-lead": {
    action: "lead.owner",
    cookie: admin,
    make: async () => ({
      path: "/api/assign-lead",
      json: { id: await insertInquiry(t.db), owner: s.users.admin.id },
    }),
  },
  "add-lead-note": {
    action: "lead.note",
    cookie: admin,
    make: async () => ({
      path: "/api/add-lead-note",
      json: { id: await insertInquiry(t.db), body: "Called." },
    }),
  },
  "assignment-rules": {
    action: "assignment_rule.create",
    cookie: admin,
    make: async () => ({
      path: "/api/assignment-rules",
      json: { name: `Audit ${Date.now()}`, members: [String(s.users.admin.id)], enabled: false },
    }),
  },
  "assignment-rule": {
    action: "assignment_rule.update",
    cookie: admin,
    make: async () => {
      const [r] = await t.db.query<{ id: number }>(
        "INSERT INTO assignment_rules (position, name, members, enabled) VALUES (1000, 'Audit rule', $1, false) RETURNING id",
        [[s.users.admin.id]],
      );
      return {
        path: `/api/assignment-rules/${r!.id}`,
        method: "PUT",
        json: { name: "Audit rule, renamed", members: [String(s.users.admin.id)], enabled: false },
      };
    },
  },
  "merge-leads": {
    action: "lead.merge",
    cookie: admin,
    make: async () => ({
      path: "/api/merge-leads",
      json: { from: await insertInquiry(t.db), into: await insertInquiry(t.db) },
    }),
  },
  "resend-notification": {
    action: "lead.notification_resent",
    cookie: admin,
    make: async () => ({ path: "/api/resend-notification", json: { id: await insertInquiry(t.db) } }),
  },
  "add-user": {
    action: "user.create",
    cookie: root,
    make: async () => ({
      path: "/api/add-user",
      json: {
        email: `audited-${Date.now()}@example.com`,
        password: "a-long-enough-password",
        role: "reader",
      },
    }),
  },
  "edit-user": {
    action: "user.update",
    cookie: root,
    make: async () => {
      const [u] = await t.db.query<{ id: number }>(
        "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'reader') RETURNING id",
        [`to-edit-${Date.now()}@example.com`],
      );
      return {
        path: `/api/edit-user/${u!.id}`,
        method: "PUT",
        json: { email: `edited-${Date.now()}@example.com`, role: "admin" },
      };
    },
  },
  "privacy-erase-person": {
    action: "privacy.erase",
    cookie: root,
    make: async () => ({
      path: "/api/privacy/erase-person",
      json: { email: `erase-${Date.now()}@example.org` },
    }),
  },
  webhooks: {
    action: "webhook.create",
    cookie: root,
    make: async () => ({
      path: "/api/webhooks",
      json: { url: `http://127.0.0.1:9/audited-${Date.now()}`, events: ["lead.created"] },
    }),
  },
  "webhook-delete": {
    action: "webhook.delete",
    cookie: root,
    make: async () => ({ path: `/api/webhooks/${await insertWebhook()}`, method: "DELETE" }),
  },
  "webhook-retry": {
    action: "webhook.retry",
    cookie: root,
    make: async () => {
      const id = await insertWebhook();
      const [d] = await t.db.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, created_at)
         VALUES ($1, 'msg_' || md5(random()::text), 'lead.created', '{"data":{}}', 'failed', now()) RETURNING id`,
        [id],
      );
      return { path: `/api/webhooks/${id}/deliveries/${d!.id}/retry`, method: "POST" };
    },
  },
  "delete-user": {
    action: "user.delete",
    cookie: root,
    make: async () => {
      const [u] = await t.db.query<{ id: number }>(
        "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'reader') RETURNING id",
        [`to-delete-${Date.now()}@example.com`],
      );
      return { path: `/api/delete-user/${u!.id}`, method: "DELETE" };
    },
  },
  "update-profile": {
    action: "profile.update",
    cookie: admin,
    make: async () => ({
      path: "/api/update-profile",
      form: postForm({}, { profileImage: [await pngBytes(), "me.png", "image/png"] }),
    }),
  },
  sessions: {
    action: "session.end",
    cookie: admin,
    make: async () => {
      const deps = { db: t.db, now: () => new Date(), secret: process.env.SESSION_SECRET! };
      const token = await createSession(deps, s.users.admin.id);
      const { sid } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as {
        sid: string;
      };
      return { path: `/api/sessions/${publicSessionId(sid)}`, method: "DELETE" };
    },
  },
};

describe("every staff write endpoint records an entry (derived from netlify/functions)", () => {
  it("has a sample change for every staff function that takes a POST, PUT, PATCH or DELETE", async () => {
    const writers = (await staffFunctions(() => ports))
      .filter(({ methods }) => methods.some((m) => m !== "GET"))
      .map(({ fn: f }) => f.name)
      .filter((name) => !(name in CHANGES_NOTHING));
    expect(writers.length).toBeGreaterThan(15);
    expect(writers.filter((name) => !(name in SAMPLES)).sort()).toEqual([]);
  });

  it.each(Object.entries(SAMPLES))("%s", async (name, sample) => {
    const from = await lastId();
    const req = await sample.make();
    const res = await call(fn(name), req.path, {
      cookie: sample.cookie(),
      ...(req.method ? { method: req.method } : {}),
      ...(req.json !== undefined ? { json: req.json } : {}),
      ...(req.form ? { form: req.form } : {}),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    await settled();
    const entries = await entriesAfter(from);
    const entry = entries.find((e) => e.action === sample.action);
    expect(entry, JSON.stringify(entries)).toBeDefined();
    const who = sample.cookie === root ? s.users.root_admin.email : s.users.admin.email;
    expect(entry!.actor_email).toBe(who);
    expect(entry!.address).toBeTruthy();
    expect(entry!.entity_id).toBeTruthy();
  });

  it("keeps a short before/after of the changed fields only", async () => {
    const from = await lastId();
    const id = await insertJob(t.db);
    await call(updateJobPost, "/api/update-job-post", {
      cookie: admin(),
      json: {
        id,
        job_title: "Platform Engineer",
        required_experience: 2,
        skills: "Linux",
        description: "x".repeat(500),
      },
    });
    const [entry] = await entriesAfter(from);
    expect(entry!.changes.job_title).toEqual({
      from: expect.stringMatching(/^Fixture job/),
      to: "Platform Engineer",
    });
    expect(entry!.changes).not.toHaveProperty("required_experience"); // 2 before and after
    expect(String(entry!.changes.description!.to).length).toBeLessThanOrEqual(200);
  });
});

describe("a failed change leaves no entry", () => {
  it("a refused change (404, 409) records nothing", async () => {
    const from = await lastId();
    expect(
      (
        await call(updateJobPost, "/api/update-job-post", {
          cookie: admin(),
          json: { id: 999999, job_title: "X", required_experience: 1, description: "D" },
        })
      ).status,
    ).toBe(404);
    const [other] = await t.db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [
      s.users.reader.id,
    ]);
    const [u] = await t.db.query<{ id: number }>(
      "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'reader') RETURNING id",
      [`taken-${Date.now()}@example.com`],
    );
    // Another account's address: refused by the unique index inside the change's transaction.
    const res = await call(editUser, `/api/edit-user/${u!.id}`, {
      cookie: root(),
      method: "PUT",
      json: { email: other!.email, role: "admin" },
    });
    expect(res.status).toBe(409);
    expect(await entriesAfter(from)).toEqual([]);
    expect(await count(t.db, "users", "id = $1 AND role = 'reader'", [u!.id])).toBe(1);
  });

  it("when the entry cannot be written, the change is undone with it", async () => {
    const id = await insertJob(t.db);
    await t.db.exec(`
      CREATE FUNCTION refuse_job_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'job.update' THEN RAISE EXCEPTION 'audit storage refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_job_entries BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_job_entries();
    `);
    try {
      const res = await call(updateJobPost, "/api/update-job-post", {
        cookie: admin(),
        json: { id, job_title: "Never stored", required_experience: 9, description: "D" },
      });
      expect(res.status).toBe(500);
      expect(await count(t.db, "jobs", "id = $1 AND job_title LIKE 'Fixture job%'", [id])).toBe(1);
    } finally {
      await t.db.exec("DROP TRIGGER refuse_job_entries ON audit_log; DROP FUNCTION refuse_job_entries();");
    }
  });
});

describe("sign-in events", () => {
  const SITE = "http://localhost:4321";
  const post = (h: (r: Request) => Promise<Response>, path: string, body: unknown, cookie?: string) =>
    h(
      new Request(`${SITE}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      }),
    );

  it("records sign-ins, failures, the lockout and sign-outs, never the password typed", async () => {
    const from = await lastId();
    const { email, password } = s.users.reader;
    expect((await post(login, "/api/login", { email, password })).status).toBe(200);
    const wrong = "wrong-password-typed-123";
    // The 10th failure locks the address; the 11th attempt is refused.
    for (let i = 0; i < 11; i++) await post(login, "/api/login", { email, password: wrong });
    await post(login, "/api/login", { email: "nobody-here@example.com", password: wrong });
    await settled();
    const entries = await entriesAfter(from);
    const actions = entries.map((e) => e.action);
    expect(actions[0]).toBe("auth.login");
    expect(actions.filter((a) => a === "auth.login_failed").length).toBeGreaterThanOrEqual(3);
    expect(actions).toContain("auth.lockout");
    // The refused 11th attempt is in the log, not the trail: guesses cannot flood it.
    expect(actions.filter((a) => a === "auth.lockout")).toHaveLength(1);
    expect(actions.filter((a) => a === "auth.login_failed").length).toBeLessThanOrEqual(11);
    const unknown = entries.filter((e) => e.action === "auth.login_failed" && e.actor_email === null);
    expect(unknown.length).toBe(1);
    const all = JSON.stringify(await t.db.query("SELECT * FROM audit_log"));
    expect(all).not.toContain(wrong);
    expect(all).not.toContain(password);
    expect(all).not.toContain("nobody-here@example.com");

    const cookie = await s.cookieFor(s.users.admin.id);
    const out = await lastId();
    expect((await post(logout, "/api/logout", {}, cookie)).status).toBe(200);
    expect((await entriesAfter(out)).map((e) => [e.action, e.actor_email])).toEqual([
      ["auth.logout", s.users.admin.email],
    ]);
  }, 60_000);

  it("records a reset request, a wrong code and a reset, never the code or the new password", async () => {
    outbox.length = 0;
    const from = await lastId();
    // The reader (locked out above): a reset also lifts the lock. It ends the reader's sessions.
    const email = s.users.reader.email;
    expect((await post(forgotPassword, "/api/forgot-password", { email })).status).toBe(200);
    await settled();
    const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === email)!.text)![1]!;
    const fresh = "another-long-new-password-42";
    const bad = await post(resetPassword, "/api/reset-password", {
      email,
      otp: code === "000000" ? "111111" : "000000",
      new_password: fresh,
      confirm_password: fresh,
    });
    expect(bad.status).toBe(400);
    const ok = await post(resetPassword, "/api/reset-password", {
      email,
      otp: code,
      new_password: fresh,
      confirm_password: fresh,
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const entries = await entriesAfter(from);
    expect(entries.map((e) => [e.action, e.actor_email])).toEqual([
      ["auth.reset_requested", email],
      ["auth.reset_failed", email],
      ["auth.password_reset", email],
    ]);
    const all = JSON.stringify(await t.db.query("SELECT * FROM audit_log"));
    expect(all).not.toContain(code);
    expect(all).not.toContain(fresh);
  }, 60_000);
});

describe("the root_admin's screen: list, filters and CSV", () => {
  it("only root_admin reads the trail", async () => {
    for (const [who, want] of [
      ["reader", 403],
      ["admin", 403],
      ["root_admin", 200],
    ] as const) {
      // A fresh session: the reset above ended the reader's sessions.
      const cookie = await s.cookieFor(s.users[who].id);
      expect((await call(auditLog, "/api/audit-log", { cookie })).status).toBe(want);
      expect((await call(auditLogExport, "/api/audit-log/export", { cookie })).status).toBe(want);
    }
    expect((await call(auditLog, "/api/audit-log")).status).toBe(401);
  });

  it("filters by who, what and dates, and exports the same rows as CSV", async () => {
    await call(fn("add-job-post"), "/api/add-job-post", {
      cookie: admin(),
      json: { job_title: "=Filtered job", required_experience: 1, skills: "", description: "D" },
    });
    const day = new Date().toISOString().slice(0, 10);
    const q = `who=${encodeURIComponent(s.users.admin.email.slice(0, 12))}&action=job&from=${day}&to=${day}`;
    const res = await call(auditLog, `/api/audit-log?${q}`, { cookie: root() });
    const body = (await res.json()) as { entries: { action: string; who: string }[]; total: number };
    expect(body.total).toBeGreaterThan(0);
    for (const e of body.entries) {
      expect(e.action.startsWith("job.")).toBe(true);
      expect(e.who).toBe(s.users.admin.email);
    }
    const exact = (await (
      await call(auditLog, "/api/audit-log?action=job.create", { cookie: root() })
    ).json()) as {
      entries: { action: string }[];
    };
    expect(new Set(exact.entries.map((e) => e.action))).toEqual(new Set(["job.create"]));
    const csv = await call(auditLogExport, `/api/audit-log/export?${q}`, { cookie: root() });
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>((await csv.text()).replace(/^\ufeff/, "").trim()).data;
    expect(rows[0]).toEqual(["When", "Who", "Action", "Record", "Record id", "Address", "Changes"]);
    expect(rows).toHaveLength(body.total + 1);
    for (const r of rows.slice(1)) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it.each([
    ["action=drop table", /action must be/],
    ["from=2026-02-30", /from is not a real date/],
    ["from=2026-05-02&to=2026-05-01", /from must be on or before to/],
    [`who=${"a".repeat(255)}`, /who must be at most/],
    ["page=0", /page/],
  ])("refuses ?%s with 400", async (q, message) => {
    const res = await call(auditLog, `/api/audit-log?${q}`, { cookie: root() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });
});

describe("retention", () => {
  it("the housekeeping job deletes entries older than AUDIT_RETENTION_DAYS and keeps the rest", async () => {
    await t.db.query(
      `INSERT INTO audit_log (at, actor_email, action) VALUES
         (now() - interval '400 days', 'old@example.com', 'job.create'),
         (now() - interval '40 days', 'recent@example.com', 'job.create')`,
    );
    const run = () =>
      housekeepingFn(
        new Request("http://localhost:4321/.netlify/functions/housekeeping", { method: "POST", body: "{}" }),
      );
    let res = await run();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { auditDeleted: number }).auditDeleted).toBeGreaterThanOrEqual(1);
    expect(await count(t.db, "audit_log", "actor_email = 'old@example.com'")).toBe(0);
    expect(await count(t.db, "audit_log", "actor_email = 'recent@example.com'")).toBe(1);
    process.env.AUDIT_RETENTION_DAYS = "30";
    resetEnv();
    try {
      res = await run();
      expect(await count(t.db, "audit_log", "actor_email = 'recent@example.com'")).toBe(0);
    } finally {
      delete process.env.AUDIT_RETENTION_DAYS;
      resetEnv();
    }
  });

  it("refuses a retention that is not a whole number of days from 1 to 3650", async () => {
    for (const bad of ["0", "-5", "1.5", "forever", "4000"]) {
      process.env.AUDIT_RETENTION_DAYS = bad;
      resetEnv();
      expect(() => createApp(new Request("http://localhost:4321/"), undefined, ports)).toThrow(
        /AUDIT_RETENTION_DAYS/,
      );
    }
    delete process.env.AUDIT_RETENTION_DAYS;
    resetEnv();
  });

  it("is scheduled daily", async () => {
    const mod = await import("../../netlify/functions/housekeeping");
    expect(mod.config.schedule).toBe("@daily");
  });
});
