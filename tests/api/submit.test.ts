import { existsSync, readdirSync } from "node:fs";
import { settled } from "../../src/server/http/endpoint";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env, resetEnv } from "../../src/server/platform/env";
import type { Db } from "../../src/server/platform/db/db";
import { geoApi } from "../../src/shared/api/platform";
import { checkAckAccessApi, revokeAckAccessApi, submitApi } from "../../src/shared/contact/api";
import { LABELS } from "../../src/shared/contact/rules";
import { PRIVACY_NOTICE } from "../../src/shared/privacy/notice";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";
import { failingOn } from "../helpers/db";
import { contactForm, EXE, PDF, PNG, validInquiry } from "../helpers/contact";
import { clearOfWindowEdge } from "../helpers/rate-window";

let api: ApiHarness;
let db: Db;
const base = "http://localhost:4321";
/** Back ends of this test's calls over the harness's (a fixed clock, a failing database or mailer). */
let over: CallOptions["ports"] = {};

beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
});
afterEach(() => {
  over = {};
});
afterAll(() => api.close());

const post = (form: FormData, headers: Record<string, string> = {}) =>
  api.call(submitApi, { form, headers, ports: over });

async function count(table: string): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}
function uploads(): string[] {
  const dir = env().uploadsDir;
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.includes("."))
    : [];
}
async function snapshot() {
  await settled(); // the mails sent after the answers (the buyer's acknowledgement) are in
  return { inquiries: await count("inquiries"), files: uploads().length, mails: api.outbox.length };
}
const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";
const check = (cookie: string, query = "") => api.call(checkAckAccessApi, { cookie, query, ports: over });

describe("POST /api/submit: a complete inquiry", () => {
  it("stores it with its file, mails sales and opens /ack for the sender only", async () => {
    const before = await snapshot();
    const form = contactForm(
      {
        sourcePage: `${base}/service?email=leak@example.com`,
        utm_source: "linkedin",
        utm_campaign: "q4",
        other: "x",
      },
      { bytes: PDF, name: "brief.pdf", type: "application/pdf" },
    );
    const res = await post(form);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__Host-ack=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=1800$/);

    const rows = await db.query<Record<string, unknown>>(
      "SELECT *, to_char(deadline, 'YYYY-MM-DD') AS day FROM inquiries ORDER BY id DESC LIMIT 1",
    );
    const row = rows[0]!;
    expect(row).toMatchObject({
      full_name: validInquiry.fullName,
      email: validInquiry.email,
      org_name: validInquiry.orgName,
      job_title: validInquiry.jobTitle,
      industry: validInquiry.industry,
      company_size: validInquiry.companySize,
      mobile: validInquiry.mobile,
      budget: validInquiry.budget,
      project_type: validInquiry.projectType,
      project_details: validInquiry.projectDetails,
      day: "2099-12-31",
      file_name: "brief.pdf",
      file_type: "application/pdf",
      file_size: PDF.length,
      source_page: `${base}/service`,
      utm: { utm_source: "linkedin", utm_campaign: "q4" },
    });
    expect(await snapshot()).toEqual({
      inquiries: before.inquiries + 1,
      files: before.files + 2, // the file and its content-type note
      mails: before.mails + 2, // sales's, and the buyer's acknowledgement
    });
    expect(uploads()).toContain(`${row.file_key as string}`);

    const ack = api.outbox.find((m) => m.subject.startsWith("We received your inquiry"))!;
    expect(ack.to).toBe(row.email);
    expect(ack.text).toContain("Full Name: Ada Lovelace");
    expect(ack.text).toMatch(/We will answer within 1 hour, and send a proposal within 24 hours\./);
    expect(ack.text).toMatch(/http:\/\/localhost:4321\/book\?token=[\w.-]+/);
    const text = api.outbox.find((m) => m.subject.startsWith("New inquiry"))!.text;
    expect(text).toContain("Full Name: Ada Lovelace");
    expect(text).toContain("Mobile Number: +12015550123");
    // Mail is forwarded and archived: no bearer link to the file, the lead in the dashboard instead.
    expect(text).not.toMatch(/\/api\/files\/|X-Amz-Signature|[?&]sig=/i);
    expect(text).toContain(
      `Open the lead in the dashboard (sign-in required): http://localhost:4321/dashboard/leads#lead-${row.id as number}`,
    );

    const granted = await check(cookieOf(res));
    expect(await granted.json()).toEqual({ access: true, name: "Ada Lovelace" });
    expect(granted.headers.get("cache-control")).toContain("no-store");
  });

  it("accepts every allowed kind judged by its bytes, whatever the name says", async () => {
    const res = await post(contactForm({}, { bytes: PNG, name: "diagram.pdf", type: "application/pdf" }));
    expect(res.status).toBe(200);
    const rows = await db.query<{ file_type: string; file_key: string }>(
      "SELECT file_type, file_key FROM inquiries ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]).toMatchObject({ file_type: "image/png" });
    expect(rows[0]!.file_key).toMatch(/\.png$/);
  });

  it("works without an attachment", async () => {
    const res = await post(contactForm());
    expect(res.status).toBe(200);
    const rows = await db.query<{ file_key: string | null }>(
      "SELECT file_key FROM inquiries ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]!.file_key).toBeNull();
  });

  it("needs no consent, and records news mail only when the box was ticked, with the notice's version and time", async () => {
    const clock = new Date("2026-11-24T12:00:00.000Z");
    over = { now: () => clock };
    const latest = () =>
      db.query<Record<string, unknown>>(
        `SELECT marketing_consent, marketing_consent_version, marketing_consent_at
           FROM inquiries ORDER BY id DESC LIMIT 1`,
      );
    expect((await post(contactForm())).status).toBe(200);
    expect((await latest())[0]).toEqual({
      marketing_consent: false,
      marketing_consent_version: null,
      marketing_consent_at: null,
    });
    expect((await post(contactForm({ marketingConsent: "no" }))).status).toBe(200);
    expect((await latest())[0]!.marketing_consent).toBe(false);
    expect((await post(contactForm({ marketingConsent: "yes" }))).status).toBe(200);
    const [row] = await latest();
    expect(row).toMatchObject({ marketing_consent: true, marketing_consent_version: PRIVACY_NOTICE.version });
    expect(new Date(row!.marketing_consent_at as string).toISOString()).toBe(clock.toISOString());
    const bad = await post(contactForm({ marketingConsent: "please" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/marketingConsent/);
  });
});

describe("POST /api/submit: bad requests are refused and nothing is stored", () => {
  const big = new Uint8Array(4 * 1024 * 1024 + 10);
  big.set(PDF);
  const cases: [string, () => Promise<Response>, number, RegExp][] = [
    ...(
      [
        "fullName",
        "email",
        "orgName",
        "jobTitle",
        "industry",
        "companySize",
        "mobile",
        "budget",
        "projectType",
        "deadline",
      ] as const
    ).flatMap((f): [string, () => Promise<Response>, number, RegExp][] => [
      [
        `missing ${f}`,
        () => post(contactForm({ [f]: undefined })),
        400,
        new RegExp(`${LABELS[f]} is required`),
      ],
      [`blank ${f}`, () => post(contactForm({ [f]: "   " })), 400, new RegExp(`${LABELS[f]} is required`)],
    ]),
    [
      "free-mail address",
      () => post(contactForm({ email: "ada@gmail.com" })),
      400,
      /^Use your work email \(name@yourcompany\.com\): we reply to businesses only, and a work address lets us reach the right team\.$/,
    ],
    [
      "address with two at-signs",
      () => post(contactForm({ email: "a@b@c.com" })),
      400,
      /Enter a valid email address/,
    ],
    [
      "address ending with a dot",
      () => post(contactForm({ email: "a@company." })),
      400,
      /Enter a valid email address/,
    ],
    ["phone of the wrong length", () => post(contactForm({ mobile: "+1201555012" })), 400, /Mobile Number/],
    ["phone with letters", () => post(contactForm({ mobile: "+1201555CALL" })), 400, /Mobile Number/],
    ["phone with a plus inside", () => post(contactForm({ mobile: "1+2015550123" })), 400, /Mobile Number/],
    ["date not a day", () => post(contactForm({ deadline: "2099-02-30" })), 400, /Date input not valid/],
    ["date in US format", () => post(contactForm({ deadline: "12/31/2099" })), 400, /Date input not valid/],
    [
      "date in the past",
      () => post(contactForm({ deadline: "2020-01-01" })),
      400,
      /The deadline can't be in the past/,
    ],
    [
      "company size not in the list",
      () => post(contactForm({ companySize: "5000+" })),
      400,
      /Company Size must be one of the listed options/,
    ],
    [
      "budget not in the list",
      () => post(contactForm({ budget: "$1" })),
      400,
      /Approximate Budget must be one of/,
    ],
    [
      "project type not in the list",
      () => post(contactForm({ projectType: "Someday" })),
      400,
      /Project Type must be/,
    ],
    [
      "name too long",
      () => post(contactForm({ fullName: "x".repeat(101) })),
      400,
      /Full Name must be at most 100/,
    ],
    [
      "details too long",
      () => post(contactForm({ projectDetails: "x".repeat(5001) })),
      400,
      /Project details must be at most 5000/,
    ],
    [
      "an executable named .pdf",
      () => post(contactForm({}, { bytes: EXE, name: "brief.pdf", type: "application/pdf" })),
      400,
      /Attachment must be one of/,
    ],
    [
      "text named .docx",
      () => post(contactForm({}, { bytes: new TextEncoder().encode("hello there"), name: "a.docx" })),
      400,
      /Attachment/,
    ],
    [
      "an empty file",
      () => post(contactForm({}, { bytes: new Uint8Array(), name: "a.pdf" })),
      400,
      /Attachment is empty/,
    ],
    ["a file over 4 MB", () => post(contactForm({}, { bytes: big, name: "big.pdf" })), 413, /4 MB/],
    [
      "two files",
      () => {
        const f = contactForm({}, { bytes: PDF, name: "a.pdf" });
        f.append("uploadedFile", new File([PDF as Uint8Array<ArrayBuffer>], "b.pdf"));
        return post(f);
      },
      400,
      /uploadedFile/,
    ],
    [
      "a text where the file goes",
      () => post(contactForm({ uploadedFile: "C:\\brief.pdf" })),
      400,
      /Attachment must be a file/,
    ],
    ["JSON instead of multipart", () => api.call(submitApi, { body: validInquiry }), 415, /multipart/],
    [
      "another site's form",
      () => post(contactForm(), { origin: "https://evil.example" }),
      403,
      /site itself/,
    ],
    ["GET", () => api.call(submitApi, { method: "GET" }), 405, /POST/],
  ];

  it.each(cases)("%s is refused", async (_name, send, status, message) => {
    const before = await snapshot();
    const res = await send();
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error?: string };
    expect(body.error).toMatch(message);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  it("leaves no file behind when the database refuses the row", async () => {
    over = { db: failingOn(db, /INSERT INTO inquiries/) };
    const before = await snapshot();
    const res = await post(contactForm({}, { bytes: PDF, name: "brief.pdf" }));
    expect(res.status).toBe(500);
    expect((await res.json()) as { error: string }).toHaveProperty("error");
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /api/submit: spam defence", () => {
  it("answers a filled honeypot like a success and stores nothing", async () => {
    const before = await snapshot();
    const res = await post(contactForm({ website: "http://spam.example" }, { bytes: PDF, name: "a.pdf" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get("set-cookie")).toMatch(/^__Host-ack=/);
    expect(await snapshot()).toEqual(before);
    // Its cookie opens nothing.
    expect(await (await check(cookieOf(res))).json()).toEqual({ access: false });
  });

  it("limits each client address and says when to come back", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    try {
      const from = (ip: string) => ({ "x-forwarded-for": ip });
      for (let i = 0; i < 5; i++) expect((await post(contactForm(), from("203.0.113.9"))).status).toBe(200);
      const before = await snapshot();
      const res = await post(contactForm(), from("203.0.113.9"));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await res.json()) as { error: string }).toHaveProperty("error");
      expect(await snapshot()).toEqual(before);
      // Another client is not affected.
      expect((await post(contactForm(), from("198.51.100.7"))).status).toBe(200);
    } finally {
      process.env.RATE_LIMITS = "off";
      resetEnv();
    }
  });
});

describe("mail failure", () => {
  it("keeps the inquiry, answers success and records the failure", async () => {
    over = { mail: { send: () => Promise.reject(new Error("SES throttled")) } };
    const before = await snapshot();
    const res = await post(contactForm());
    expect(res.status).toBe(200);
    expect((await snapshot()).inquiries).toBe(before.inquiries + 1);
    await settled();
    const log = await db.query<{ status: string; kind: string }>(
      "SELECT status, kind FROM mail_log WHERE kind LIKE 'inquiry%' ORDER BY id DESC LIMIT 2",
    );
    expect(log).toEqual([
      { status: "failed", kind: "inquiry-ack" },
      { status: "failed", kind: "inquiry" },
    ]);
  });
});

describe("access to /ack", () => {
  async function grant(): Promise<string> {
    return cookieOf(await post(contactForm({ fullName: "Grace Hopper" })));
  }

  it("is refused without a cookie, with a forged one, or after it expires", async () => {
    expect(await (await check("")).json()).toEqual({ access: false });
    const cookie = await grant();
    const forged = cookie.slice(0, -3) + (cookie.endsWith("AAA") ? "BBB" : "AAA");
    expect(await (await check(forged)).json()).toEqual({ access: false });
    const later = new Date(Date.now() + 31 * 60_000);
    over = { now: () => later };
    expect(await (await check(cookie)).json()).toEqual({ access: false });
  });

  it("ends when the page is left; only a reload right after gets it back", async () => {
    const cookie = await grant();
    expect(await (await check(cookie)).json()).toEqual({ access: true, name: "Grace Hopper" });
    const revoked = await api.call(revokeAckAccessApi, { cookie });
    expect(revoked.status).toBe(200);
    const leaving = cookieOf(revoked);
    expect(revoked.headers.get("set-cookie")).toMatch(/HttpOnly; Secure; SameSite=Lax; Max-Age=20$/);
    // An ordinary visit: refused, and the cookie is cleared.
    const visit = await check(leaving);
    expect(await visit.json()).toEqual({ access: false });
    expect(visit.headers.get("set-cookie")).toMatch(/Max-Age=0$/);
    // A reload within the grace period: granted again for the rest of the original half hour.
    const reload = await check(leaving, "resume=1");
    expect(await reload.json()).toEqual({ access: true, name: "Grace Hopper" });
    expect(reload.headers.get("set-cookie")).toMatch(/Max-Age=(1[0-7]\d\d|1800)$/);
    // After the grace period even a reload is refused.
    const later = new Date(Date.now() + 25_000);
    over = { now: () => later };
    expect(await (await check(leaving, "resume=1")).json()).toEqual({ access: false });
  });

  it("refuses revoking from another site and other methods", async () => {
    const foreign = await api.call(revokeAckAccessApi, { headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const get = await api.call(revokeAckAccessApi, { method: "GET" });
    expect(get.status).toBe(405);
    const postCheck = await api.call(checkAckAccessApi, { method: "POST" });
    expect(postCheck.status).toBe(405);
  });
});

describe("GET /api/geo", () => {
  it("answers the platform's country, and US when unknown or odd", async () => {
    const ask = async (context: CallOptions["context"], headers: Record<string, string> = {}) =>
      (await (await api.call(geoApi, { context, headers })).json()) as { country: string };
    expect(await ask({ geo: { country: { code: "IN" } } })).toEqual({ country: "IN" });
    expect(await ask({ geo: { country: { code: "gb" } } })).toEqual({ country: "GB" });
    expect(await ask({})).toEqual({ country: "US" });
    expect(await ask({ geo: { country: { code: "<script>" } } })).toEqual({ country: "US" });
    const res = await api.call(geoApi, { context: { geo: { country: { code: "DE" } } } });
    expect(res.headers.get("cache-control")).toMatch(/^private/);
  });
});
