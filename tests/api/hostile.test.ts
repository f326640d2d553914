/**
 * Hostile input against every /api endpoint, generated with fast-check: each bad request must
 * get a 4xx with a JSON { error }, never a 5xx, and the database and the stored files must be
 * exactly as before (compared by content, not assumed). Staff endpoints are called as a
 * root_admin so that the requests reach their validation.
 */
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFunctions, route, type LoadedFunction } from "../../bench/lib/functions";
import { createApp, setServiceOverrides } from "../../src/server/app";
import { createSession } from "../../src/server/auth";
import { createOutboxMailer } from "../../src/server/mail";
import { seed, LOCAL_DEMO_STAFF } from "../../src/server/seed";
import { createLocalStorage } from "../../src/server/storage";
import { pgliteDb, type TestDb } from "../helpers/db";
import { badRequests, type EndpointSpec } from "../helpers/hostile";

const ENDPOINTS: EndpointSpec[] = [
  // public
  { method: "GET", path: "/api/get-posts", query: { category: "Servers", page: "1" } },
  { method: "GET", path: "/api/get-post-detail/:id" },
  { method: "GET", path: "/api/get-comments/:id" },
  {
    method: "POST",
    path: "/api/add-comment",
    body: "json",
    fields: {
      post_id: ["id", "1"],
      name: ["text", "Dana"],
      email: ["email", "dana@example.com"],
      comment: ["text", "Useful, thanks."],
    },
  },
  {
    method: "POST",
    path: "/api/submit",
    body: "multipart",
    fields: {
      fullName: ["text", "Dana Whitfield"],
      email: ["email", "dana@northwind.com"],
      orgName: ["text", "Northwind"],
      jobTitle: ["text", "CTO"],
      industry: ["text", "Retail"],
      companySize: ["enum", "50-100"],
      mobile: ["number", "+14155552671"],
      budget: ["enum", "$5000-$10000"],
      projectType: ["enum", "Normal"],
      deadline: ["enum", "2099-01-01"],
      projectDetails: ["optText", "Move to Kubernetes."],
      uploadedFile: ["optFile", ""],
    },
  },
  { method: "GET", path: "/api/check_ack_access" },
  { method: "POST", path: "/api/revoke_ack_access" },
  { method: "GET", path: "/api/geo" },
  { method: "GET", path: "/api/jobs" },
  { method: "GET", path: "/api/faqs" },
  {
    method: "POST",
    path: "/api/add-faq",
    body: "json",
    fields: { question: ["text", "Do you hire interns?"] },
  },
  {
    method: "POST",
    path: "/api/send-email-otp",
    body: "json",
    fields: { email: ["email", "cand@example.com"] },
  },
  {
    method: "POST",
    path: "/api/verify-email-otp",
    body: "json",
    fields: { email: ["email", "cand@example.com"], code: ["text", "123456"] },
  },
  {
    method: "POST",
    path: "/api/submit-application",
    body: "multipart",
    fields: {
      firstName: ["text", "Asha"],
      lastName: ["text", "Rao"],
      email: ["email", "asha@example.com"],
      mobile: ["number", "+919876543210"],
      nativePlace: ["text", "Chennai"],
      gender: ["enum", "Female"],
      totalExperience: ["number", "5"],
      itExperience: ["number", "4"],
      currentCompany: ["text", "Acme"],
      noticePeriod: ["enum", "immediate"],
      expectedSalary: ["optNumber", "1200000"],
      willingToRelocate: ["enum", "Yes"],
      skills: ["text", "Linux, AWS"],
      certifications: ["optText", ""],
      resume: ["file", ""],
    },
  },
  // staff sign-in and accounts
  {
    method: "POST",
    path: "/api/login",
    body: "json",
    fields: { email: ["email", "x@example.com"], password: ["password", "x"] },
  },
  { method: "GET", path: "/api/check-session" },
  { method: "POST", path: "/api/logout" },
  { method: "GET", path: "/api/profile", staff: true },
  {
    method: "POST",
    path: "/api/update-profile",
    staff: true,
    body: "multipart",
    fields: { password: ["optText", ""], profileImage: ["optFile", ""] },
  },
  {
    method: "POST",
    path: "/api/forgot-password",
    body: "json",
    fields: { email: ["email", "nobody@example.com"] },
  },
  {
    method: "POST",
    path: "/api/reset-password",
    body: "json",
    fields: {
      email: ["email", "nobody@example.com"],
      otp: ["text", "123456"],
      new_password: ["password", "a-long-new-password-1"],
      confirm_password: ["password", "a-long-new-password-1"],
    },
  },
  { method: "GET", path: "/api/get-users", staff: true },
  {
    method: "POST",
    path: "/api/add-user",
    staff: true,
    body: "json",
    fields: {
      email: ["email", "new@example.com"],
      password: ["password", "a-long-password-123"],
      role: ["optEnum", "reader"],
    },
  },
  {
    method: "PUT",
    path: "/api/edit-user/:id",
    staff: true,
    body: "json",
    fields: { email: ["email", "new@example.com"], role: ["enum", "reader"] },
  },
  { method: "DELETE", path: "/api/delete-user/:id", staff: true },
  // blog admin
  { method: "GET", path: "/api/admin-posts", staff: true },
  {
    method: "POST",
    path: "/api/add-post",
    staff: true,
    body: "multipart",
    fields: {
      title: ["text", "T"],
      author: ["text", "A"],
      category: ["enum", "Servers"],
      content: ["text", "C"],
      image1: ["optFile", ""],
      image2: ["optFile", ""],
    },
  },
  {
    method: "POST",
    path: "/api/update-post",
    staff: true,
    body: "multipart",
    fields: {
      id: ["id", "1"],
      title: ["text", "T"],
      author: ["text", "A"],
      category: ["enum", "Servers"],
      content: ["text", "C"],
      image1: ["optFile", ""],
    },
  },
  { method: "DELETE", path: "/api/delete-post/:id", staff: true },
  { method: "GET", path: "/api/admin-post-comments/:id", staff: true },
  { method: "DELETE", path: "/api/delete-comment/:id", staff: true },
  // FAQ answers, jobs, candidates
  { method: "GET", path: "/api/admin-comments", staff: true, query: { filter: "all" } },
  {
    method: "POST",
    path: "/api/update-faq",
    staff: true,
    body: "json",
    fields: { id: ["id", "1"], answer: ["optText", "Yes."] },
  },
  { method: "DELETE", path: "/api/delete-faq/:id", staff: true },
  { method: "GET", path: "/api/admin-jobs", staff: true },
  {
    method: "POST",
    path: "/api/add-job-post",
    staff: true,
    body: "json",
    fields: {
      job_title: ["text", "SRE"],
      required_experience: ["number", "3"],
      skills: ["optText", "Linux"],
      description: ["text", "Run things."],
    },
  },
  {
    method: "POST",
    path: "/api/update-job-post",
    staff: true,
    body: "json",
    fields: {
      id: ["id", "1"],
      job_title: ["text", "SRE"],
      required_experience: ["number", "3"],
      description: ["text", "Run things."],
    },
  },
  { method: "DELETE", path: "/api/delete-job-post/:id", staff: true },
  { method: "GET", path: "/api/applications", staff: true, query: { status: "New", page: "1" } },
  { method: "GET", path: "/api/application_data", staff: true, query: { status: "New", page: "1" } },
  {
    method: "POST",
    path: "/api/update-application-status",
    staff: true,
    body: "json",
    fields: { id: ["id", "1"], status: ["enum", "Maybe"] },
  },
  { method: "GET", path: "/api/resume-link/:id", staff: true },
  // leads
  { method: "GET", path: "/api/inquiries", staff: true, query: { handled: "false", page: "1" } },
  { method: "GET", path: "/api/inquiries/export", staff: true, query: { handled: "false" } },
  {
    method: "POST",
    path: "/api/update-inquiry",
    staff: true,
    body: "json",
    fields: { id: ["id", "1"], handled: ["enum", "true"] },
  },
  { method: "GET", path: "/api/inquiry-file/:id", staff: true },
  // files
  { method: "GET", path: "/api/media/:id" },
  { method: "GET", path: "/api/files/:id" },
];

/** Tables whose rows a refused request must not change (rate-limit counters and session
 * "last seen" times legitimately move). */
const TABLES = [
  "users",
  "email_codes",
  "posts",
  "comments",
  "faqs",
  "jobs",
  "applications",
  "application_status_history",
  "inquiries",
  "mail_log",
];

let t: TestDb;
let fns: LoadedFunction[];
let uploads: string;
let outbox: string;
let cookie: string;
const tried = new Map<string, number>();

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)}:${statSync(p).size}`);
    }
  };
  walk(dir);
  return out.sort();
}

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await t.db.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${table} x`,
    );
    parts.push(`${table}:${row!.h}`);
  }
  return [...parts, ...listFiles(uploads), `outbox:${listFiles(outbox).length}`].join("\n");
}

beforeAll(async () => {
  t = await pgliteDb();
  uploads = mkdtempSync(path.join(os.tmpdir(), "hostile-uploads-"));
  outbox = mkdtempSync(path.join(os.tmpdir(), "hostile-outbox-"));
  const storage = createLocalStorage(uploads, process.env.SESSION_SECRET!);
  const mailer = createOutboxMailer(outbox, "test@example.com");
  await seed(t.db, {
    admin: { email: "root@example.com", password: "root-password-123456" },
    staff: LOCAL_DEMO_STAFF,
    storage,
    dataDir: uploads,
  });
  setServiceOverrides({ db: () => t.db, storage: () => storage, mail: () => mailer });
  const app = createApp(new Request("http://localhost:4321/"));
  const [root] = await t.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'root@example.com'");
  cookie = `__Host-session=${await createSession(app, root!.id)}`;
  await app.dispose();
  fns = await loadFunctions();
}, 120_000);

afterAll(async () => {
  setServiceOverrides({});
  await t.close();
  const lines = [...tried].map(([k, n]) => `${k}: ${n}`).join("\n");
  console.log(`Hostile requests tried per endpoint:\n${lines}`);
});

describe("every endpoint is covered", () => {
  it("lists every function of netlify/functions", () => {
    const covered = new Set(ENDPOINTS.map((e) => e.path.replace(":id", "1")));
    const missing = fns.filter((f) => ![...covered].some((p) => f.pattern.test(p))).map((f) => f.path);
    expect(missing).toEqual([]);
  });
});

describe.each(ENDPOINTS)("$method $path refuses hostile input", (spec) => {
  it("answers every generated bad request with a 4xx JSON error and changes nothing", async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(badRequests(spec), async (bad) => {
        const url = `http://localhost:4321${bad.path}`;
        const fn = route(fns, new URL(url).pathname);
        const headers: Record<string, string> = { ...bad.headers };
        if (spec.staff) headers.cookie = cookie;
        count++;
        // A path no function takes is answered by the platform with a 404 before any code runs.
        if (!fn) return;
        const before = await snapshot();
        const res = await fn.handler(new Request(url, { method: bad.method, headers, body: bad.body }), {});
        const text = await res.text();
        expect(res.status, `${bad.label}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${bad.label}: ${text.slice(0, 200)}`).toBeLessThan(500);
        expect(JSON.parse(text), bad.label).toHaveProperty("error");
        expect(await snapshot(), `${bad.label} changed stored data`).toBe(before);
      }),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 40), seed: 20251122 },
    );
    tried.set(`${spec.method} ${spec.path}`, count);
  });
});
