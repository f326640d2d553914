/**
 * Faults: the database unreachable (every endpoint that needs it answers 503 JSON with
 * Retry-After, and works again when it returns); storage failing mid-request (no row points to a
 * missing file, no file is left without its row); mail failing (the inquiry is still stored and
 * the failure recorded).
 */
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadFunctions, route, type LoadedFunction } from "../../scripts/lib/functions";
import { createApp } from "../../src/server/http/app";
import { createSession } from "../../src/server/staff/sessions";
import { DatabaseUnavailableError, type Db } from "../../src/server/platform/db/db";
import { type Mailer, type MailMessage } from "../../src/server/platform/mail/mail";
import { OUTAGE } from "../../src/server/contact/submit-inquiry";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { resetEnv } from "../../src/server/platform/env";
import { createOutboxMailer } from "../../src/server/platform/mail/outbox";
import { seed } from "../../scripts/seed/seed";
import { LOCAL_DEMO_STAFF } from "../../scripts/seed/demo-accounts";
import { type Storage } from "../../src/server/platform/storage/storage";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { apiDb, failingOn, type TestDb } from "../helpers/db";
import { hashToken, newToken } from "../../src/server/common/codes";
import { PRIVACY_COOKIE } from "../../src/server/http/privacy-auth";
import { ACK_COOKIE } from "../../src/server/http/cookies";
import { grantAck } from "../../src/server/contact/ack";
import { meetingToken } from "../../src/server/contact/booking-tokens";
import { ENDPOINTS } from "../helpers/endpoints";
import type { EndpointSpec } from "../helpers/hostile";
import { outboxMailer, type GivenPorts } from "../helpers/ports";
import { clearOfWindowEdge } from "../helpers/rate-window";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
// The smallest valid PNG (1x1, transparent).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Answers that need no database: they are allowed to succeed while it is away. */
const WITHOUT_DB = new Set([
  "/api/geo",
  "/api/revoke_ack_access",
  "/api/check_ack_access",
  "/api/media/:id",
  "/api/files/:id",
]);

let t: TestDb;
let fns: LoadedFunction[];
let uploads: string;
let storage: Storage;
let mailer: Mailer;
let cookie: string;
/** The self-service page's cookie: a verified e-mail code for an address. */
let privacyCookie: string;
/** A signed link to cancel a call: the cancel endpoint checks it before it reads the database. */
let cancelToken: string;
/** The thank-you page's grant, so a booking (slots, a call) gets as far as the database. */
let ackCookie: string;

const downDb: Db = {
  query: () => Promise.reject(new DatabaseUnavailableError(new Error("connect ECONNREFUSED"))),
  transaction: () => Promise.reject(new DatabaseUnavailableError(new Error("connect ECONNREFUSED"))),
  exec: () => Promise.reject(new DatabaseUnavailableError(new Error("connect ECONNREFUSED"))),
  close: async () => {},
};

function validRequest(spec: EndpointSpec): Request {
  const q = spec.query ? `?${new URLSearchParams(spec.query)}` : "";
  const url = `http://localhost:4321${spec.path.replace(":id", spec.id ?? "1")}${q}`;
  const booking = spec.path === "/api/booking-slots" || spec.path === "/api/book-meeting";
  const headers: Record<string, string> = {
    cookie: spec.privacy ? privacyCookie : booking ? `${cookie}; ${ackCookie}` : cookie,
  };
  const fields = { ...spec.fields };
  if (spec.path === "/api/cancel-meeting") fields.token = ["text", cancelToken];
  let body: BodyInit | undefined;
  if (spec.body === "json") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(
      Object.fromEntries(
        Object.entries(fields)
          .filter(([, [k]]) => k !== "file" && k !== "optFile")
          .map(([n, [, v]]) => [n, v]),
      ),
    );
  } else if (spec.body === "multipart") {
    const f = new FormData();
    for (const [n, [kind, v]] of Object.entries(spec.fields ?? {})) {
      if (kind === "file") f.set(n, new Blob([PDF], { type: "application/pdf" }), "cv.pdf");
      else if (kind !== "optFile") f.set(n, v);
    }
    body = f;
  }
  return new Request(url, { method: spec.method, headers, body });
}

function files(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => !f.endsWith(".type") && statSync(path.join(dir, f)).isFile())
      .sort();
  } catch {
    return [];
  }
}

beforeAll(async () => {
  t = await apiDb();
  uploads = mkdtempSync(path.join(os.tmpdir(), "faults-uploads-"));
  storage = createLocalStorage(uploads, process.env.SESSION_SECRET!);
  mailer = createOutboxMailer(mkdtempSync(path.join(os.tmpdir(), "faults-outbox-")), "test@example.com");
  await seed(t.db, {
    admin: { email: "root@example.com", password: "root-password-123456" },
    staff: LOCAL_DEMO_STAFF,
  });
  fns = await loadFunctions(undefined, () => ports);
}, 120_000);

// A fresh root_admin session for every test (one of them signs out).
beforeEach(async () => {
  ports = { db: t.db, storage, mail: mailer };
  const app = createApp(new Request("http://localhost:4321/"), undefined, ports);
  const [root] = await t.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'root@example.com'");
  // And an application token, so an application gets as far as the database.
  cookie = `__Host-session=${await createSession(app.deps, root!.id)}; __Host-apply=${"a".repeat(43)}`;
  ackCookie = `${ACK_COOKIE}=${(await grantAck(app.deps, 1)).token}`;
  cancelToken = await meetingToken(app.deps, 1, new Date(Date.now() + 86_400_000));
  const token = newToken();
  await t.db.query(
    `INSERT INTO email_codes (purpose, email, code_hash, expires_at, consumed_at, verified_at, token_hash)
     VALUES ('privacy', 'held@example.com', 'x', now() + interval '10 minutes', now(), now() + interval '1 hour', $1)`,
    [hashToken(token)],
  );
  privacyCookie = `${PRIVACY_COOKIE}=${token}`;
  await app.dispose();
});

afterAll(async () => {
  await t.close();
});

describe("database unreachable", () => {
  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))(
    "%s answers 503 with Retry-After, then recovers",
    async (_name, spec) => {
      const fn = route(fns, new URL(validRequest(spec).url).pathname)!;
      expect(fn).toBeTruthy();
      ports = { db: downDb, storage, mail: mailer };
      const down = await fn.handler(validRequest(spec), {});
      const body = (await down.json()) as { error?: string };
      if (WITHOUT_DB.has(spec.path)) {
        expect(down.status).toBeLessThan(500);
      } else if (spec.path === "/api/health") {
        // Its public answer is only ok or not ok.
        expect(down.status).toBe(503);
        expect(body).toEqual({ ok: false });
      } else {
        expect(down.status, JSON.stringify(body)).toBe(503);
        expect(down.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(body.error).toBeTruthy();
      }
      ports = { db: t.db, storage, mail: mailer };
      const back = await fn.handler(validRequest(spec), {});
      expect(back.status, await back.text()).toBeLessThan(500);
    },
  );
});

describe("storage failing mid-request", () => {
  const failingPut: () => Storage = () => ({
    ...storage,
    put: () => Promise.reject(new Error("storage is down")),
  });

  const contact = () => {
    const spec = ENDPOINTS.find((e) => e.path === "/api/submit")!;
    const req = validRequest(spec);
    return { spec, req };
  };

  it("a contact inquiry with a file: no row without its file", async () => {
    const [{ n: before }] = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM inquiries")) as [
      { n: number },
    ];
    const filesBefore = files(uploads);
    ports = { db: t.db, storage: failingPut(), mail: mailer };
    const { spec } = contact();
    const form = await validRequest(spec).formData();
    form.set("uploadedFile", new Blob([PDF], { type: "application/pdf" }), "brief.pdf");
    const res = await route(fns, "/api/submit")!.handler(
      new Request("http://localhost:4321/api/submit", { method: "POST", body: form, headers: { cookie } }),
      {},
    );
    ports = { db: t.db, storage, mail: mailer };
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await res.json()).toHaveProperty("error");
    const [{ n: after }] = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM inquiries")) as [
      { n: number },
    ];
    expect(after).toBe(before);
    expect(files(uploads)).toEqual(filesBefore);
  });

  it("a blog post with an image: the file is removed when the row cannot be written", async () => {
    const filesBefore = files(uploads);
    const [{ n: before }] = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts")) as [
      { n: number },
    ];
    // The database accepts reads but fails the write of the post.
    const failingWrites = failingOn(t.db, /INSERT INTO posts/i);
    ports = { db: failingWrites, storage, mail: mailer };
    const form = new FormData();
    form.set("title", "Fault test");
    form.set("author", "Tester");
    form.set("category", "Servers");
    form.set("content", "Body");
    form.set("image2", new Blob([PNG], { type: "image/png" }), "banner.png");
    const res = await route(fns, "/api/add-post")!.handler(
      new Request("http://localhost:4321/api/add-post", { method: "POST", body: form, headers: { cookie } }),
      {},
    );
    ports = { db: t.db, storage, mail: mailer };
    expect(res.status).toBeGreaterThanOrEqual(500);
    const [{ n: after }] = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts")) as [
      { n: number },
    ];
    expect(after).toBe(before);
    expect(files(uploads)).toEqual(filesBefore);
  });
});

describe("mail failing", () => {
  it("keeps the inquiry and records the failure", async () => {
    const broken: Mailer = { send: () => Promise.reject(new Error("SES throttled")) };
    ports = { db: t.db, storage, mail: broken };
    const spec = ENDPOINTS.find((e) => e.path === "/api/submit")!;
    const form = await validRequest(spec).formData();
    form.set("projectDetails", "mail-fault-marker");
    const res = await route(fns, "/api/submit")!.handler(
      new Request("http://localhost:4321/api/submit", { method: "POST", body: form }),
      {},
    );
    ports = { db: t.db, storage, mail: mailer };
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await t.db.query<{ id: number }>(
      "SELECT id FROM inquiries WHERE project_details = 'mail-fault-marker'",
    );
    expect(rows).toHaveLength(1);
    const log = await t.db.query<{ status: string }>(
      "SELECT status FROM mail_log WHERE ref_table = 'inquiries' AND ref_id = $1",
      [rows[0]!.id],
    );
    expect(log.map((l) => l.status)).toContain("failed");
  });
});

describe("an inquiry while the database is down: nothing lost", () => {
  const send = (form: FormData, headers: Record<string, string> = {}) =>
    route(fns, "/api/submit")!.handler(
      new Request("http://localhost:4321/api/submit", { method: "POST", body: form, headers }),
      {},
    );
  const inquiryForm = async (marker: string) => {
    const form = await validRequest(ENDPOINTS.find((e) => e.path === "/api/submit")!).formData();
    form.set("projectDetails", marker);
    form.set("sourcePage", "https://www.example.com/service/cloud?ref=x");
    form.set("utm_source", "linkedin");
    return form;
  };

  it("mails sales every answer and tells the buyer in a 503 that it was not lost", async () => {
    const sent: MailMessage[] = [];
    ports = { db: downDb, storage, mail: outboxMailer(sent) };
    const res = await send(await inquiryForm("outage-marker-1"));
    ports = { db: t.db, storage, mail: mailer };
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ error: OUTAGE.mailed });
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe(process.env.SALES_EMAIL ?? mail.to);
    expect(mail.subject).toMatch(/NOT SAVED/);
    expect(mail.replyTo).toBe("dana@northwind.com");
    for (const text of [
      "Dana Whitfield",
      "dana@northwind.com",
      "Northwind",
      "CTO",
      "Retail",
      "50-100",
      "+14155552671",
      "$5000-$10000",
      "outage-marker-1",
      "https://www.example.com/service/cloud",
      "utm_source=linkedin",
    ])
      expect(mail.text).toContain(text);
    // Nothing was stored: it could not be.
    const rows = await t.db.query("SELECT id FROM inquiries WHERE project_details = 'outage-marker-1'");
    expect(rows).toHaveLength(0);
  });

  it("names an attachment it could not keep, in the mail and to the buyer", async () => {
    const sent: MailMessage[] = [];
    ports = { db: downDb, storage, mail: outboxMailer(sent) };
    const form = await inquiryForm("outage-marker-2");
    form.set("uploadedFile", new Blob([PDF], { type: "application/pdf" }), "brief.pdf");
    const filesBefore = files(uploads);
    const res = await send(form);
    ports = { db: t.db, storage, mail: mailer };
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: OUTAGE.mailedWithoutFile });
    expect(sent[0]!.text).toMatch(/brief\.pdf \(\d+ bytes\), not kept/);
    expect(files(uploads)).toEqual(filesBefore);
  });

  it("says the inquiry was not sent when the mail fails too", async () => {
    ports = { db: downDb, storage, mail: { send: () => Promise.reject(new Error("SES down")) } };
    const res = await send(await inquiryForm("outage-marker-3"));
    ports = { db: t.db, storage, mail: mailer };
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: OUTAGE.lost });
  });

  it("gives the browser's own post its form back, filled in, with the reason", async () => {
    const sent: MailMessage[] = [];
    ports = { db: downDb, storage, mail: outboxMailer(sent) };
    const form = await inquiryForm("outage-marker-4");
    form.set("deadline", "01/15/2099");
    form.set("mobile", "(415) 555-2671");
    form.set("mobileCountry", "US");
    const res = await send(form, { "sec-fetch-mode": "navigate", accept: "text/html" });
    ports = { db: t.db, storage, mail: mailer };
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("We could not record your inquiry just now");
    expect(html).toContain('value="Dana Whitfield"');
    expect(html).toContain("outage-marker-4");
    expect(sent).toHaveLength(1);
  });

  it("still counts the form's rate limit while the database is away", async () => {
    const sent: MailMessage[] = [];
    ports = { db: downDb, storage, mail: outboxMailer(sent) };
    const headers = { "x-nf-client-connection-ip": "203.0.113.250" };
    const statuses: number[] = [];
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    try {
      for (let i = 0; i < CLIENT_LIMITS.contact.max + 1; i++)
        statuses.push((await send(await inquiryForm(`outage-limit-${i}`), headers)).status);
    } finally {
      process.env.RATE_LIMITS = "off";
      resetEnv();
      ports = { db: t.db, storage, mail: mailer };
    }
    expect(
      statuses.slice(0, -1).every((s) => s === 503),
      String(statuses),
    ).toBe(true);
    expect(statuses.at(-1), String(statuses)).toBe(429);
    expect(sent).toHaveLength(CLIENT_LIMITS.contact.max);
  });
});
