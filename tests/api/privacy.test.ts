/**
 * The self-service endpoints of /privacy/my-data and the root_admin's erasure, in process, on
 * PGlite and on PostgreSQL: a code only when something is held (the answer is the same), the
 * page's cookie, the export, withdrawal, erasure (rows anonymised, files gone from storage, an
 * audit entry without the address), the caps of codes, and two erasures at once.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extendToken } from "../../src/server/privacy/housekeeping";
import { settled } from "../../src/server/http/endpoint";
import { sessionSecret } from "../../src/server/http/app";
import { env, resetEnv } from "../../src/server/platform/env";
import { spamEmailKey } from "../../src/server/common/spam-senders";
import type { Db } from "../../src/server/platform/db/db";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import type { Storage } from "../../src/server/platform/storage/storage";
import { WRONG_TRIES_PER_DAY } from "../../src/server/common/policies";
import type { Contract } from "../../src/shared/api/contract";
import { auditLogApi, auditLogExportApi } from "../../src/shared/audit/api";
import type { AuditRecord } from "../../src/shared/audit/api";
import { deleteCommentApi } from "../../src/shared/blog/admin-api";
import {
  applicationsApi,
  resumeLinkApi,
  updateApplicationStatusApi,
  type StaffApplication,
} from "../../src/shared/careers/admin-api";
import {
  addLeadNoteApi,
  assignLeadApi,
  inquiriesApi,
  inquiriesExportApi,
  updateLeadStageApi,
} from "../../src/shared/contact/leads-api";
import {
  privacyEraseApi,
  privacyErasePersonApi,
  privacyExtendApi,
  privacyMyDataApi,
  privacySearchApi,
  privacySendCodeApi,
  privacyVerifyCodeApi,
  privacyWithdrawApi,
  type HeldData,
} from "../../src/shared/privacy/api";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";
import {
  count,
  insertApplication,
  insertComment,
  insertInquiry,
  insertTrustRequest,
  insertPost,
  storeResume,
} from "../helpers/dashboard-fixtures";
import { clearOfWindowEdge } from "../helpers/rate-window";

let api: ApiHarness;
let db: Db;
let storage: Storage;

beforeAll(async () => {
  storage = createLocalStorage(
    mkdtempSync(path.join(os.tmpdir(), "privacy-uploads-")),
    process.env.SESSION_SECRET!,
  );
  api = await apiHarness({ storage });
  db = api.db.db;
});
afterAll(() => api.close());
beforeEach(() => {
  api.outbox.length = 0;
});

let n = 0;
const fresh = () => `person-${Date.now().toString(36)}-${n++}@example.org`;
const ip = () => ({ headers: { "x-nf-client-connection-ip": `198.51.100.${n++ % 250}` } });

/** A person with an application (with its resume in storage), a lead and a comment. */
async function person() {
  const email = fresh();
  const key = await storeResume(storage);
  const app = await insertApplication(db, { email, resumeKey: key });
  const lead = await insertInquiry(db, {});
  await db.query("UPDATE inquiries SET email = $2 WHERE id = $1", [lead, email]);
  const comment = await insertComment(db, await insertPost(db), email);
  return { email, key, app, lead, comment };
}

async function codeFor(email: string): Promise<string> {
  expect((await api.call(privacySendCodeApi, { body: { email }, ...ip() })).status).toBe(200);
  await settled();
  const mail = api.outbox.find((m) => m.to === email);
  expect(mail, "no code was mailed").toBeDefined();
  return /\b(\d{6})\b/.exec(mail!.text)![1]!;
}

async function signIn(email: string): Promise<string> {
  const code = await codeFor(email);
  const res = await api.call(privacyVerifyCodeApi, { body: { email, code }, ...ip() });
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!;
  expect(cookie).toMatch(/^__Host-privacy=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=1800$/);
  return cookie.split(";")[0]!;
}

describe("asking for a code", () => {
  it("answers the same whether or not anything is held, and mails only when something is", async () => {
    const held = await person();
    const nobody = fresh();
    const a = await api.call(privacySendCodeApi, { body: { email: held.email }, ...ip() });
    const b = await api.call(privacySendCodeApi, { body: { email: nobody }, ...ip() });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual({ success: true });
    expect(await b.json()).toEqual({ success: true });
    await settled();
    expect(api.outbox.filter((m) => m.to === held.email)).toHaveLength(1);
    expect(api.outbox.filter((m) => m.to === nobody)).toHaveLength(0);
    expect(await count(db, "email_codes", "email = $1", [nobody])).toBe(0);
  });

  it("refuses a wrong code with 400 { error }, and stops after the day's wrong tries", async () => {
    const held = await person();
    await codeFor(held.email);
    const wrong = await api.call(privacyVerifyCodeApi, {
      body: { email: held.email, code: "000000" },
      ...ip(),
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/not right/);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const statuses: number[] = [];
    for (let i = 0; i < WRONG_TRIES_PER_DAY + 1; i++) {
      // A new code now and then (each lasts 5 tries), a minute apart.
      await db.query(
        "UPDATE email_codes SET created_at = created_at - interval '2 minutes' WHERE email = $1",
        [held.email],
      );
      if (i % 4 === 0) await api.call(privacySendCodeApi, { body: { email: held.email }, ...ip() });
      await settled();
      const r = await api.call(privacyVerifyCodeApi, {
        body: { email: held.email, code: "000000" },
        ...ip(),
      });
      statuses.push(r.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers a wrong code byte for byte alike for any address, up to the day's cap", async () => {
    const held = await person();
    await codeFor(held.email);
    const unknown = fresh();
    expect((await api.call(privacySendCodeApi, { body: { email: unknown }, ...ip() })).status).toBe(200);
    await settled();
    const never = fresh(); // not even asked for a code
    // One instant for every try: a refusal's Retry-After counts the seconds to the next day, and a
    // second that ticks between two tries would tell them apart.
    const at = new Date();
    /** What a caller sees of a refusal: the status, every header but the date, the body's bytes. */
    const answer = async (email: string) => {
      const r = await api.call(privacyVerifyCodeApi, {
        body: { email, code: "000000" },
        ...ip(),
        ports: { now: () => at },
      });
      const headers = [...r.headers.entries()].filter(([k]) => k !== "date");
      return { status: r.status, headers, body: await r.text() };
    };
    const seen: number[] = [];
    for (let i = 1; i <= WRONG_TRIES_PER_DAY + 1; i++) {
      const a = await answer(held.email);
      const b = await answer(unknown);
      const c = await answer(never);
      expect(b, `try ${i}`).toEqual(a);
      expect(c, `try ${i}`).toEqual(a);
      expect(a.headers.map(([k]) => k)).not.toContain("set-cookie");
      seen.push(a.status);
      // The sixth: the held address's code is spent after five wrong tries.
      if (i === 6) expect(JSON.parse(a.body)).toEqual({ error: expect.stringMatching(/not right/) });
    }
    expect(seen.slice(0, WRONG_TRIES_PER_DAY)).toEqual(Array(WRONG_TRIES_PER_DAY).fill(400));
    expect(seen.at(-1)).toBe(429);
    await settled();
    // Each is told, once, that codes are paused: the notice says nothing of what is held either.
    const notices = (to: string) =>
      api.outbox.filter((m) => m.to === to && /paused/.test(m.subject)).map((m) => [m.subject, m.text]);
    expect(notices(held.email)).toHaveLength(1);
    expect(notices(unknown)).toEqual(notices(held.email));
    expect(notices(never)).toEqual(notices(held.email));
  });

  it("limits codes per client address (10 an hour) when rate limits are on", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    try {
      const headers = { "x-nf-client-connection-ip": "203.0.113.200" };
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await api.call(privacySendCodeApi, { body: { email: fresh() }, headers })).status);
      expect(statuses.slice(0, 10).every((x) => x === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      process.env.RATE_LIMITS = "off";
      resetEnv();
      await settled();
    }
  });
});

describe("the person's own data", () => {
  it("needs the page's cookie: 401 without it, and a staff session is no substitute", async () => {
    for (const [c, init] of [
      [privacyMyDataApi, {}],
      [privacyEraseApi, {}],
      [privacyWithdrawApi, { body: { id: 1 } }],
    ] as [Contract, CallOptions][]) {
      for (const who of [
        {},
        { as: "root_admin" },
        { cookie: "__Host-privacy=forged-token-forged-token-forged" },
      ] as CallOptions[]) {
        const res = await api.call(c, { ...init, ...who });
        expect(res.status, c.path).toBe(401);
        expect(((await res.json()) as { error: string }).error).toBeTruthy();
      }
    }
  });

  it("exports, withdraws one application, then erases everything: rows anonymised, files gone, audited without the address", async () => {
    const p = await person();
    const second = await insertApplication(db, { email: p.email, resumeKey: await storeResume(storage) });
    const cookie = await signIn(p.email);

    const res = await api.call(privacyMyDataApi, { cookie });
    expect(res.status).toBe(200);
    const data = (await res.json()) as HeldData;
    expect(data.email).toBe(p.email);
    expect(data.applications.map((a) => a.id).sort()).toEqual([p.app, second].sort());
    expect(data.inquiries.map((i) => i.id)).toEqual([p.lead]);
    expect(data.comments.map((c) => c.id)).toEqual([p.comment]);
    expect(data.consents.map((c) => c.kind)).toEqual(
      expect.arrayContaining(["privacy notice", "talent pool", "marketing"]),
    );
    const resumeUrl = data.applications.find((a) => a.id === p.app)!.resume!.url;
    expect(resumeUrl).toMatch(/^\/api\/files\//);

    // Withdraw the second application: anonymised, its resume gone, the careers team told.
    api.outbox.length = 0;
    const w = await api.call(privacyWithdrawApi, { cookie, body: { id: second } });
    expect(w.status).toBe(200);
    await settled();
    expect(
      await count(db, "applications", "id = $1 AND anonymised_reason = 'withdrawn' AND email IS NULL", [
        second,
      ]),
    ).toBe(1);
    expect(api.outbox.map((m) => m.subject)).toContain(`Application #${second} was withdrawn`);
    // Someone else's application is not theirs to withdraw.
    const other = await insertApplication(db, {});
    expect((await api.call(privacyWithdrawApi, { cookie, body: { id: other } })).status).toBe(404);

    // Erase everything.
    const before = await db.query<{ id: string }>("SELECT coalesce(max(id), 0)::text AS id FROM audit_log");
    const e = await api.call(privacyEraseApi, { cookie });
    expect(e.status).toBe(200);
    expect(await e.json()).toEqual({
      success: true,
      erased: { inquiries: 1, applications: 1, comments: 1 },
      askedToDelete: [],
    });
    expect(e.headers.get("set-cookie")).toMatch(/^__Host-privacy=; .*Max-Age=0$/);
    expect(await storage.get(p.key)).toBeNull();
    expect(await count(db, "applications", "email = $1", [p.email])).toBe(0);
    expect(await count(db, "inquiries", "email = $1", [p.email])).toBe(0);
    expect(await count(db, "comments", "email = $1", [p.email])).toBe(0);
    expect(await count(db, "mail_log", "recipient = $1", [p.email])).toBe(0);
    const entries = await db.query<Record<string, unknown>>("SELECT * FROM audit_log WHERE id > $1", [
      before[0]!.id,
    ]);
    expect(entries.map((x) => x.action)).toEqual(["privacy.erase_self"]);
    expect(JSON.stringify(entries)).not.toContain(p.email);
    expect(JSON.stringify(entries)).not.toContain(p.email.split("@")[0]);

    // Afterwards: the page's access is over; no staff list, search or export names the person.
    expect((await api.call(privacyMyDataApi, { cookie })).status).toBe(401);
    const resume = await api.call(resumeLinkApi, { as: "admin", params: { id: p.app } });
    expect(resume.status).toBe(410);
    const found = (await (
      await api.call(privacySearchApi, { as: "root_admin", query: { email: p.email } })
    ).json()) as HeldData;
    expect([found.applications, found.inquiries, found.comments]).toEqual([[], [], []]);
    for (const [c, query] of [
      [applicationsApi, { page: 1 }],
      [inquiriesApi, { q: p.email }],
      [inquiriesExportApi, {}],
    ] as [Contract, CallOptions["query"]][]) {
      const text = await (await api.call(c, { as: "root_admin", query })).text();
      expect(text, c.path).not.toContain(p.email);
    }
  });
});

describe("a commenter marked as spam", () => {
  it("gets a code for the mark alone, sees it in the export with its end, and erasure deletes it", async () => {
    const email = fresh();
    const markedAt = new Date(Date.now() - 10 * 86_400_000);
    await db.query("INSERT INTO comment_spam_senders (kind, key, created_at) VALUES ('email', $1, $2)", [
      spamEmailKey(sessionSecret(env()), email),
      markedAt.toISOString(),
    ]);
    const cookie = await signIn(email); // only the fingerprint is held, and that is enough to ask
    const data = (await (await api.call(privacyMyDataApi, { cookie })).json()) as HeldData;
    expect(data.spamMark).toEqual({
      markedAt: markedAt.toISOString(),
      until: new Date(markedAt.getTime() + env().retention.spamSenders * 86_400_000).toISOString(),
    });
    expect((await api.call(privacyEraseApi, { cookie })).status).toBe(200);
    expect(
      await count(db, "comment_spam_senders", "key = $1", [spamEmailKey(sessionSecret(env()), email)]),
    ).toBe(0);
  });
});

describe("a security reviewer", () => {
  it("gets back what they asked for, the NDA they accepted and each download, and erasure clears them", async () => {
    const email = fresh();
    const lead = await insertTrustRequest(db, ["soc2-report"]);
    await db.query("UPDATE inquiries SET email = $2 WHERE id = $1", [lead, email]);
    await db.query(
      `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_email)
       VALUES ($1, 'documents', 'downloaded', 'SOC 2 Type II report', 'the requester')`,
      [lead],
    );
    const cookie = await signIn(email);
    const data = (await (await api.call(privacyMyDataApi, { cookie })).json()) as HeldData;
    const held = data.inquiries.find((i) => i.id === lead)!;
    expect(held.kind).toBe("security review");
    expect(held.securityReview).toMatchObject({
      documents: ["soc2-report"],
      ndaVersion: "2026-11-01",
      status: "pending",
      downloads: [{ document: "SOC 2 Type II report" }],
    });

    const res = await api.call(privacyErasePersonApi, { as: "root_admin", body: { email } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { erased: { inquiries: number } }).erased.inquiries).toBe(1);
    const [row] = await db.query<{ email: string | null; full_name: string; org_name: string }>(
      "SELECT email, full_name, org_name FROM inquiries WHERE id = $1",
      [lead],
    );
    expect(row).toEqual({ email: null, full_name: `Anonymised #${lead}`, org_name: "Anonymised" });
  });
});

describe("a root_admin's erasure", () => {
  it("erases what is held under an address, audited without it", async () => {
    const p = await person();
    const res = await api.call(privacyErasePersonApi, {
      as: "root_admin",
      body: { email: p.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      erased: { inquiries: 1, applications: 1, comments: 1 },
      askedToDelete: [],
    });
    expect(await storage.get(p.key)).toBeNull();
    const [entry] = await db.query<Record<string, unknown>>(
      "SELECT * FROM audit_log WHERE action = 'privacy.erase' ORDER BY id DESC LIMIT 1",
    );
    expect(entry!.actor_email).toBe(api.staff.users.root_admin.email);
    expect(entry!.entity_id).toMatch(/^person:[0-9a-f]{16}$/);
    expect(JSON.stringify(entry)).not.toContain(p.email);
  });

  it.runIf(process.env.API_DB === "postgres")("two erasures at once erase once", async () => {
    const p = await person();
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.call(privacyErasePersonApi, { as: "root_admin", body: { email: p.email } })),
    );
    const erased = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { erased: { applications: number } }).erased),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(erased.reduce((sum, e) => sum + e.applications, 0)).toBe(1);
    expect(await storage.get(p.key)).toBeNull();
  });
});

describe("the audit trail after an erasure", () => {
  /** The whole trail as the root_admin reads it: every page of the list, and the CSV export. */
  async function trail(): Promise<{ list: string; csv: string; entries: AuditRecord[] }> {
    const entries: AuditRecord[] = [];
    let list = "";
    for (let page = 1; ; page++) {
      const res = await api.call(auditLogApi, { as: "root_admin", query: { page } });
      expect(res.status).toBe(200);
      const text = await res.text();
      list += text;
      const body = JSON.parse(text) as { entries: AuditRecord[]; hasMore: boolean };
      entries.push(...body.entries);
      if (!body.hasMore) break;
    }
    const csv = await api.call(auditLogExportApi, { as: "root_admin" });
    expect(csv.status).toBe(200);
    return { list, csv: await csv.text(), entries };
  }

  /** A person whose lead has a note and changed fields, an application whose status changed, and a deleted comment. */
  async function workedOn(word: string) {
    const p = await person();
    const note = await api.call(addLeadNoteApi, {
      as: "admin",
      body: { id: p.lead, body: `Called them: ${word} wants the quote by Friday`, contacted: true },
    });
    expect(note.status).toBe(201);
    expect(
      (await api.call(updateLeadStageApi, { as: "admin", body: { id: p.lead, stage: "Qualified" } })).status,
    ).toBe(200);
    const owner = api.staff.users.admin.id;
    expect((await api.call(assignLeadApi, { as: "admin", body: { id: p.lead, owner } })).status).toBe(200);
    expect(
      (await api.call(updateApplicationStatusApi, { as: "admin", body: { id: p.app, status: "Maybe" } }))
        .status,
    ).toBe(200);
    const spoken = await insertComment(db, await insertPost(db), p.email);
    await db.query("UPDATE comments SET comment = $2 WHERE id = $1", [spoken, `${word} says hello`]);
    expect((await api.call(deleteCommentApi, { as: "admin", params: { id: spoken } })).status).toBe(200);
    await settled();
    const before = await trail();
    expect(before.list).toContain(word); // the test can fail: the words are there before
    expect(before.csv).toContain(word);
    expect(before.list).toContain(p.email);
    return p;
  }

  async function expectScrubbed(p: Awaited<ReturnType<typeof person>>, word: string) {
    const after = await trail();
    for (const text of [after.list, after.csv]) {
      expect(text).not.toContain(word);
      expect(text).not.toContain(p.email);
      expect(text).not.toContain(p.email.split("@")[0]);
    }
    // The entries stay: what happened to the lead, by whom, with the person's hashed address.
    const mine = after.entries.filter(
      (e) =>
        (e.entity === "lead" && e.entityId === String(p.lead)) ||
        (e.entity === "application" && e.entityId === String(p.app)),
    );
    expect(mine.map((e) => e.action).sort()).toEqual(
      expect.arrayContaining(["application.status", "lead.note", "lead.owner", "lead.stage"]),
    );
    const noteEntry = mine.find((e) => e.action === "lead.note")!;
    expect(noteEntry.changes.note).toEqual({ from: null, to: "(removed)" });
    expect(noteEntry.changes.person!.to).toMatch(/^person:[0-9a-f]{16}$/);
    expect(mine.find((e) => e.action === "lead.stage")!.changes.stage).toEqual({
      from: "New",
      to: "Qualified",
    });
  }

  it("keeps none of a note's words or the person's address after a root_admin's erasure", async () => {
    const word = `Quillsbury${n++}`;
    const p = await workedOn(word);
    const res = await api.call(privacyErasePersonApi, { as: "root_admin", body: { email: p.email } });
    expect(res.status).toBe(200);
    await expectScrubbed(p, word);
  });

  it("keeps none of them after the person's own erasure either", async () => {
    const word = `Marmalune${n++}`;
    const p = await workedOn(word);
    const cookie = await signIn(p.email);
    expect((await api.call(privacyEraseApi, { cookie })).status).toBe(200);
    await expectScrubbed(p, word);
  });
});

describe("a resume that is gone", () => {
  /** The application as the Candidates list answers it. */
  async function listed(id: number): Promise<StaffApplication> {
    for (let page = 1; ; page++) {
      const res = await api.call(applicationsApi, { as: "reader", query: { page } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { applications: StaffApplication[]; hasMore: boolean };
      const found = body.applications.find((a) => a.id === id);
      if (found) return found;
      if (!body.hasMore) throw new Error(`application ${id} is not listed`);
    }
  }

  /** The old link, as the dashboard's script asks for it and as a browser opens it. */
  async function opened(id: number) {
    const json = await api.call(resumeLinkApi, { as: "reader", params: { id } });
    const tab = await api.call(resumeLinkApi, { as: "reader", params: { id }, query: { open: 1 } });
    const navigation = await api.call(resumeLinkApi, {
      as: "reader",
      params: { id },
      headers: { accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate" },
    });
    expect(json.headers.get("content-type")).toContain("application/json");
    for (const page of [tab, navigation]) {
      expect(page.status).toBe(json.status);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.headers.get("location")).toBeNull();
    }
    return {
      status: json.status,
      error: ((await json.json()) as { error: string }).error,
      page: await tab.text(),
      nav: await navigation.text(),
    };
  }

  it("says so in the list, and its old link says it was erased at the person's request", async () => {
    const p = await person();
    const kept = await insertApplication(db, { email: fresh(), resumeKey: await storeResume(storage) });
    expect((await listed(p.app)).resume).toEqual({ held: true, gone: null });
    expect(
      (await api.call(privacyErasePersonApi, { as: "root_admin", body: { email: p.email } })).status,
    ).toBe(200);

    expect((await listed(p.app)).resume).toEqual({ held: false, gone: "erased at the person's request" });
    expect((await listed(kept)).resume).toEqual({ held: true, gone: null });
    const o = await opened(p.app);
    expect(o.status).toBe(410);
    expect(o.error).toBe("This resume was erased at the person's request.");
    for (const html of [o.page, o.nav]) {
      expect(html).toContain("This resume was erased at the person&#39;s request.");
      expect(html).toContain('href="/dashboard/candidates"');
      expect(html).not.toContain("<script");
    }
    // A held resume still gives its link.
    expect((await api.call(resumeLinkApi, { as: "reader", params: { id: kept } })).status).toBe(200);
    expect(
      (await api.call(resumeLinkApi, { as: "reader", params: { id: kept }, query: { open: 1 } })).status,
    ).toBe(303);
  });

  it("says it was deleted after the retention setting's days, for an application and a talent-pool one", async () => {
    const r = env().retention;
    const old = await insertApplication(db, {
      email: fresh(),
      resumeKey: await storeResume(storage),
      createdAt: new Date(Date.now() - (r.applications + 2) * 86_400_000).toISOString(),
    });
    const pooled = await insertApplication(db, {
      email: fresh(),
      resumeKey: await storeResume(storage),
      createdAt: new Date(Date.now() - (r.talentPool + 2) * 86_400_000).toISOString(),
    });
    await db.query(
      "UPDATE applications SET talent_pool = true, talent_pool_consent_at = created_at WHERE id = $1",
      [pooled],
    );
    expect((await api.schedule("housekeeping")).status).toBe(200);

    expect((await listed(old)).resume).toEqual({ held: false, gone: `deleted after ${r.applications} days` });
    expect((await listed(pooled)).resume).toEqual({
      held: false,
      gone: `deleted after ${r.talentPool} days`,
    });
    const o = await opened(old);
    expect(o.status).toBe(410);
    expect(o.error).toBe(`This resume was deleted after ${r.applications} days.`);
    expect(o.page).toContain(`This resume was deleted after ${r.applications} days.`);
    expect((await opened(pooled)).error).toBe(`This resume was deleted after ${r.talentPool} days.`);
  });
});

describe("the talent-pool reminder's link", () => {
  it("keeps the application for another lifetime, once; a forged or used link is refused", async () => {
    const id = await insertApplication(db, { email: fresh() });
    const noticeAt = new Date(Date.now() - 60_000);
    await db.query("UPDATE applications SET talent_pool = true, expiry_notice_at = $2 WHERE id = $1", [
      id,
      noticeAt.toISOString(),
    ]);
    const token = extendToken(process.env.SESSION_SECRET!, id, noticeAt);
    const forged = `${id}.${"A".repeat(32)}`;
    expect((await api.call(privacyExtendApi, { body: { token: forged } })).status).toBe(404);
    const res = await api.call(privacyExtendApi, { body: { token } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; until: string };
    expect(body.success).toBe(true);
    expect(new Date(body.until).getTime() - Date.now()).toBeGreaterThan(729 * 86_400_000);
    expect(await count(db, "applications", "id = $1 AND retention_extended_at IS NOT NULL", [id])).toBe(1);
    expect((await api.call(privacyExtendApi, { body: { token } })).status).toBe(404);
  });
});
