import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env, resetEnv } from "../../src/server/platform/env";
import { site } from "../../src/config/site";
import { seed } from "../../scripts/seed/seed";
import type { Storage } from "../../src/server/platform/storage/storage";
import type { Db } from "../../src/server/platform/db/db";
import {
  addFaqApi,
  faqsApi,
  jobsApi,
  sendEmailOtpApi,
  submitApplicationApi,
  verifyEmailOtpApi,
} from "../../src/shared/careers/api";
import { PRIVACY_NOTICE } from "../../src/shared/privacy/notice";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";
import { clearOfWindowEdge } from "../helpers/rate-window";

let api: ApiHarness;
let db: Db;
let clock: Date;

beforeAll(async () => {
  api = await apiHarness({ now: () => clock });
  db = api.db.db;
  await seed(db);
});
afterAll(() => api.close());
beforeEach(() => {
  jar = "";
  api.outbox.length = 0;
  clock = new Date();
});

/** The browser's cookie from the last right code (the single-use application token). */
let jar = "";
/** An application as the browser posts it, with the cookie of the last right code. */
const apply = (form: FormData, ports?: CallOptions["ports"]) =>
  api.call(submitApplicationApi, { form, cookie: jar, ports });

async function count(table: string, where = "true", params: unknown[] = []): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return rows[0]!.n;
}

function storedResumes(): string[] {
  const dir = path.join(env().uploadsDir, "private");
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith(".type")) : [];
}

/** The smallest file that is a real PDF by its bytes. */
function tinyPdf(): Uint8Array {
  return new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
}

let seq = 0;
const freshEmail = () => `candidate${++seq}.${Date.now()}@example.org`;

async function verify(email: string) {
  expect((await api.call(sendEmailOtpApi, { body: { email } })).status).toBe(200);
  const code = api.outbox.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
  const res = await api.call(verifyEmailOtpApi, { body: { email, code } });
  expect(await res.json()).toEqual({ success: true });
  jar = res.headers.get("set-cookie")!.split(";")[0]!;
}

async function firstJobId(): Promise<number> {
  const rows = await db.query<{ id: number }>("SELECT id FROM jobs ORDER BY id LIMIT 1");
  return rows[0]!.id;
}

function applicationForm(email: string, over: Record<string, string | Blob | null> = {}): FormData {
  const values: Record<string, string | Blob | null> = {
    firstName: "Asha",
    lastName: "Raman",
    email,
    mobile: "+919876543210",
    nativePlace: "12 Lake Road, Chennai",
    gender: "Female",
    totalExperience: "5",
    itExperience: "4.5",
    currentCompany: "Acme Infotech",
    noticePeriod: "30 Days",
    expectedSalary: "1200000",
    willingToRelocate: "No",
    skills: "Kubernetes, Terraform, kubernetes ,  AWS",
    certifications: "CKA",
    privacyConsent: "yes",
    resume: new Blob([tinyPdf() as BlobPart], { type: "application/pdf" }),
    ...over,
  };
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (v === null) continue;
    if (v instanceof Blob) fd.append(k, v, k === "resume" ? "asha-resume.pdf" : "file");
    else fd.append(k, v);
  }
  return fd;
}

describe("GET /api/jobs and /api/faqs", () => {
  it("lists openings with the SPEC fields, cacheable by tag", async () => {
    const res = await api.call(jobsApi);
    expect(res.status).toBe(200);
    expect(res.headers.get("netlify-cache-tag")).toBe("careers");
    const body = (await res.json()) as { jobs: Record<string, unknown>[] };
    expect(body.jobs.length).toBe(5);
    expect(Object.keys(body.jobs[0]!).sort()).toEqual(
      ["description", "id", "job_title", "required_experience", "skills"].sort(),
    );
    expect(typeof body.jobs[0]!.required_experience).toBe("number");
  });

  it("lists answered FAQs only", async () => {
    const res = await api.call(faqsApi);
    const body = (await res.json()) as { faqs: { answer: string | null }[] };
    expect(body.faqs.length).toBe(6);
    expect(body.faqs.every((f) => typeof f.answer === "string" && f.answer.length > 0)).toBe(true);
  });

  it("refuses other methods with 405", async () => {
    const res = await api.call(jobsApi, { method: "POST" });
    expect(res.status).toBe(405);
    expect(await res.json()).toHaveProperty("error");
  });
});

describe("POST /api/add-faq", () => {
  it("stores the question with a null answer whatever is sent", async () => {
    const before = await count("faqs");
    const res = await api.call(addFaqApi, {
      body: { question: "  Do you offer internships?  ", answer: "Yes, always!" },
    });
    expect(res.status).toBe(201);
    expect(await count("faqs")).toBe(before + 1);
    const row = (
      await db.query<{ question: string; answer: string | null }>(
        "SELECT question, answer FROM faqs ORDER BY id DESC LIMIT 1",
      )
    )[0]!;
    expect(row).toEqual({ question: "Do you offer internships?", answer: null });
    const listed = (await (await api.call(faqsApi)).json()) as {
      faqs: { question: string }[];
    };
    expect(listed.faqs.some((f) => f.question.includes("internships"))).toBe(false);
  });

  it.each([
    ["blank", { question: "   " }],
    ["missing", {}],
    ["too long", { question: "x".repeat(1001) }],
  ])("refuses a %s question with 400 naming the field", async (_, body) => {
    const before = await count("faqs");
    const res = await api.call(addFaqApi, { body: body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/question/i);
    expect(await count("faqs")).toBe(before);
  });

  it("answers a filled honeypot as if it worked but stores nothing", async () => {
    const before = await count("faqs");
    const res = await api.call(addFaqApi, {
      body: {
        question: "Buy cheap pills",
        website: "http://spam",
      },
    });
    expect(res.status).toBe(201);
    expect(await count("faqs")).toBe(before);
  });

  it("refuses a cross-site post", async () => {
    const res = await api.call(addFaqApi, {
      body: { question: "Hi?" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });

  it("limits questions per client address in the database", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await api.call(addFaqApi, { body: { question: `Question ${i}?` } })).status);
      expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
      expect(statuses[5]).toBe(429);
    } finally {
      process.env.RATE_LIMITS = "off";
      resetEnv();
    }
  });
});

describe("e-mail codes", () => {
  it("sends a 6-digit code in a plain branded mail and verifies it once", async () => {
    const email = freshEmail();
    const res = await api.call(sendEmailOtpApi, { body: { email: email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(api.outbox).toHaveLength(1);
    expect(api.outbox[0]!.to).toBe(email);
    expect(api.outbox[0]!.subject).toContain(site.name);
    const code = api.outbox[0]!.text.match(/\b(\d{6})\b/)![1]!;
    const row = (
      await db.query<{ code_hash: string }>("SELECT code_hash FROM email_codes WHERE email = $1", [email])
    )[0]!;
    expect(row.code_hash).not.toContain(code);
    const ok = await api.call(verifyEmailOtpApi, { body: { email, code } });
    expect(await ok.json()).toEqual({ success: true });
    const again = await api.call(verifyEmailOtpApi, { body: { email, code } });
    expect(((await again.json()) as { success: boolean }).success).toBe(false);
  });

  it("refuses a second code within a minute", async () => {
    const email = freshEmail();
    expect((await api.call(sendEmailOtpApi, { body: { email } })).status).toBe(200);
    const res = await api.call(sendEmailOtpApi, { body: { email } });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    const body = (await res.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/seconds/);
    expect(api.outbox).toHaveLength(1);
    clock = new Date(clock.getTime() + 61_000);
    expect((await api.call(sendEmailOtpApi, { body: { email } })).status).toBe(200);
  });

  it("voids the code after five wrong tries", async () => {
    const email = freshEmail();
    await api.call(sendEmailOtpApi, { body: { email } });
    const code = api.outbox.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await api.call(verifyEmailOtpApi, { body: { email, code: wrong } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: false, error: "Incorrect email OTP" });
    }
    const res = await api.call(verifyEmailOtpApi, { body: { email, code } });
    const body = (await res.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/new code/);
    expect(await count("email_codes", "email = $1 AND verified_at IS NOT NULL", [email])).toBe(0);
  });

  it.each([
    ["send", sendEmailOtpApi, { email: "not-an-address" }, /email/i],
    ["send", sendEmailOtpApi, {}, /email/i],
    ["verify", verifyEmailOtpApi, { email: "a@example.org", code: "12ab56" }, /code/i],
    ["verify", verifyEmailOtpApi, { email: "a@example.org" }, /code/i],
  ] as const)("%s refuses bad input with 400 naming the field", async (_, c, body, re) => {
    const before = await count("email_codes");
    const res = await api.call(c, { body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(re);
    expect(await count("email_codes")).toBe(before);
    expect(api.outbox).toHaveLength(0);
  });

  it("caps new codes per client address per hour", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await api.call(sendEmailOtpApi, { body: { email: freshEmail() } })).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      process.env.RATE_LIMITS = "off";
      resetEnv();
    }
  });
});

describe("POST /api/submit-application", () => {
  it("accepts 'Prefer not to say' as a gender and stores it (the database allows it too)", async () => {
    const email = freshEmail();
    await verify(email);
    const res = await apply(
      applicationForm(email, { job_id: String(await firstJobId()), gender: "Prefer not to say" }),
    );
    expect(res.status).toBe(201);
    const rows = await db.query<{ gender: string }>("SELECT gender FROM applications WHERE email = $1", [
      email,
    ]);
    expect(rows).toEqual([{ gender: "Prefer not to say" }]);
  });

  it("stores a verified application with status New, its resume, and mails the candidate", async () => {
    const email = freshEmail();
    await verify(email);
    const jobId = await firstJobId();
    const filesBefore = storedResumes().length;
    const res = await apply(applicationForm(email, { job_id: String(jobId) }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, message: "Application Submitted!" });
    const row = (
      await db.query<Record<string, unknown>>("SELECT * FROM applications WHERE email = $1", [email])
    )[0]!;
    expect(row).toMatchObject({
      job_id: jobId,
      first_name: "Asha",
      mobile: "+919876543210",
      native_place: "12 Lake Road, Chennai",
      gender: "Female",
      notice_period: "30 Days",
      willing_to_relocate: "No",
      skills: "Kubernetes, Terraform, AWS",
      certifications: "CKA",
      resume_filename: "asha-resume.pdf",
      resume_type: "application/pdf",
      status: "New",
    });
    expect(Number(row.total_experience)).toBe(5);
    expect(Number(row.it_experience)).toBe(4.5);
    expect(Number(row.expected_salary)).toBe(1200000);
    expect(String(row.resume_key)).toMatch(/^private\/[0-9a-f-]{36}\.pdf$/);
    expect(storedResumes().length).toBe(filesBefore + 1);
    expect(storedResumes()).toContain(String(row.resume_key).slice("private/".length));
    expect(api.outbox.at(-1)!.to).toBe(email);
    expect(api.outbox.at(-1)!.text).toContain("Senior DevOps Engineer");
    expect(await count("mail_log", "ref_table = 'applications' AND ref_id = $1", [row.id])).toBe(1);
  });

  it("uses the defaults and leaves the optional fields empty", async () => {
    const email = freshEmail();
    await verify(email);
    const res = await apply(
      applicationForm(email, {
        noticePeriod: null,
        willingToRelocate: null,
        expectedSalary: "",
        certifications: null,
      }),
    );
    expect(res.status).toBe(201);
    const row = (
      await db.query<Record<string, unknown>>("SELECT * FROM applications WHERE email = $1", [email])
    )[0]!;
    expect(row).toMatchObject({
      job_id: null,
      notice_period: "immediate",
      willing_to_relocate: "Yes",
      expected_salary: null,
      certifications: "",
      talent_pool: false,
      talent_pool_consent_at: null,
    });
  });

  it("records the privacy consent with the notice's version and the time, and the talent pool when chosen", async () => {
    clock = new Date("2026-11-24T10:00:00.000Z");
    const email = freshEmail();
    await verify(email);
    const res = await apply(applicationForm(email, { talentPool: "yes" }));
    expect(res.status, await res.clone().text()).toBe(201);
    const row = (
      await db.query<Record<string, unknown>>(
        `SELECT privacy_consent_version, privacy_consent_at, talent_pool, talent_pool_consent_at
           FROM applications WHERE email = $1`,
        [email],
      )
    )[0]!;
    expect(row.privacy_consent_version).toBe(PRIVACY_NOTICE.version);
    expect(new Date(row.privacy_consent_at as string).toISOString()).toBe(clock.toISOString());
    expect(row.talent_pool).toBe(true);
    expect(new Date(row.talent_pool_consent_at as string).toISOString()).toBe(clock.toISOString());
  });

  it.each([
    ["without privacyConsent", { privacyConsent: null }],
    ["with privacyConsent=no", { privacyConsent: "no" }],
    ["with privacyConsent ticked as 'on'", { privacyConsent: "on" }],
  ])("refuses an application %s with a 400 naming the field, and stores nothing", async (_, over) => {
    const email = freshEmail();
    await verify(email);
    const files = storedResumes().length;
    const res = await apply(applicationForm(email, over));
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: string }).error).toMatch(/^privacyConsent: .*privacy notice/);
    expect(await count("applications", "email = $1", [email])).toBe(0);
    expect(storedResumes().length).toBe(files);
  });

  it("answers a filled honeypot like a success and stores nothing, like every public form", async () => {
    const email = freshEmail();
    await verify(email);
    const filesBefore = storedResumes().length;
    const res = await apply(applicationForm(email, { website: "http://spam" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, message: "Application Submitted!" });
    expect(await count("applications", "email = $1", [email])).toBe(0);
    expect(storedResumes().length).toBe(filesBefore);
  });

  it("refuses an application without a verified e-mail", async () => {
    const email = freshEmail();
    const before = await count("applications");
    const files = storedResumes().length;
    const res = await apply(applicationForm(email));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/verify your email/i);
    expect(await count("applications")).toBe(before);
    expect(storedResumes().length).toBe(files);
  });

  it("refuses a verification older than 30 minutes", async () => {
    const email = freshEmail();
    await verify(email);
    clock = new Date(clock.getTime() + 31 * 60_000);
    const res = await apply(applicationForm(email));
    expect(res.status).toBe(403);
  });

  it("tells a candidate who applies twice for the same opening within a day, and stores nothing", async () => {
    const email = freshEmail();
    await verify(email);
    const jobId = String(await firstJobId());
    expect((await apply(applicationForm(email, { job_id: jobId }))).status).toBe(201);
    const files = storedResumes().length;
    // The token was used up by the first application: a second one needs a new verification.
    const reused = await apply(applicationForm(email, { job_id: jobId }));
    expect(reused.status).toBe(403);
    clock = new Date(clock.getTime() + 61_000);
    await verify(email);
    const again = await apply(applicationForm(email, { job_id: jobId }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/already applied/);
    expect(await count("applications", "email = $1", [email])).toBe(1);
    expect(storedResumes().length).toBe(files);
  });

  const bad: [string, Record<string, string | Blob | null>, RegExp][] = [
    ["a missing first name", { firstName: null }, /first name/i],
    ["a blank last name", { lastName: "  " }, /last name/i],
    ["a bad e-mail", { email: "nobody" }, /email/i],
    ["a mobile without country code", { mobile: "98765" }, /mobile/i],
    ["a missing address", { nativePlace: null }, /address/i],
    ["an unknown gender", { gender: "female" }, /gender/i],
    ["a total experience that is not a number", { totalExperience: "five" }, /total experience/i],
    ["a negative IT experience", { itExperience: "-1" }, /IT experience/i],
    ["IT experience above total", { itExperience: "9" }, /IT experience/i],
    ["a missing current company", { currentCompany: null }, /current company/i],
    ["a notice period not in the list", { noticePeriod: "60 Days" }, /notice period/i],
    ["an expected salary that is not a number", { expectedSalary: "lots" }, /expected salary/i],
    ["a relocate value not Yes or No", { willingToRelocate: "yes" }, /relocate/i],
    ["no skills", { skills: " , ," }, /skills/i],
    ["a talent pool value not yes or no", { talentPool: "sure" }, /talent pool/i],
    ["a too long first name", { firstName: "a".repeat(101) }, /first name/i],
    ["a job id that is not a number", { job_id: "abc" }, /job_id/i],
    ["a job that does not exist", { job_id: "999999" }, /job_id/i],
    ["no resume", { resume: null }, /resume/i],
    ["a resume that is not a document", { resume: new Blob(["just text, not a pdf"]) }, /resume/i],
    [
      "a PNG called .pdf",
      {
        resume: new Blob([
          new Uint8Array([
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
          ]),
        ]),
      },
      /resume/i,
    ],
  ];
  it.each(bad)("refuses %s with 400 naming the field, storing nothing", async (_, over, re) => {
    const email = freshEmail();
    await verify(email);
    const before = await count("applications");
    const files = storedResumes().length;
    const res = await apply(applicationForm(email, over));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(re);
    expect(await count("applications")).toBe(before);
    expect(storedResumes().length).toBe(files);
  });

  it("refuses a JSON body: the resume needs multipart", async () => {
    await verify(freshEmail());
    const res = await api.call(submitApplicationApi, { body: { firstName: "A" }, cookie: jar });
    expect(res.status).toBe(415);
    expect(await res.json()).toHaveProperty("error");
  });

  it("deletes the stored resume when the row cannot be stored", async () => {
    const email = freshEmail();
    await verify(email);
    const before = await count("applications");
    const files = storedResumes().length;
    // Make the insert itself fail (after the file is stored) with a temporary CHECK constraint.
    await db.query("ALTER TABLE applications ADD CONSTRAINT test_block CHECK (first_name <> 'Blocked')");
    try {
      const res = await apply(applicationForm(email, { firstName: "Blocked" }));
      expect(res.status).toBe(500);
      expect(await count("applications")).toBe(before);
      expect(storedResumes().length).toBe(files);
    } finally {
      await db.query("ALTER TABLE applications DROP CONSTRAINT test_block");
    }
  });

  it("stores nothing when storage fails", async () => {
    const email = freshEmail();
    await verify(email);
    const before = await count("applications");
    const failing: Storage = {
      put: async () => {
        throw new Error("storage down");
      },
      get: async () => null,
      readStart: async () => null,
      head: async () => null,
      delete: async () => {},
      signedUrl: async () => "",
      signedUploadUrl: async () => ({ url: "", method: "PUT", headers: {} }),
    };
    const res = await apply(applicationForm(email), { storage: failing });
    expect(res.status).toBe(500);
    expect(await count("applications")).toBe(before);
  });
});
