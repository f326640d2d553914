/**
 * Rate limits that had no test (code checks, applications and password resets per client address
 * per hour), and races: requests sent at the same moment on a real PostgreSQL server, where they
 * run on separate connections (PGlite has one, so the race tests run on PostgreSQL only).
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS } from "../../src/server/common/policies";
import { env, resetEnv } from "../../src/server/platform/env";
import type { Db } from "../../src/server/platform/db/db";
import { seed } from "../../scripts/seed/seed";
import type { Contract } from "../../src/shared/api/contract";
import { addCommentApi } from "../../src/shared/blog/api";
import { addFaqApi, submitApplicationApi, verifyEmailOtpApi } from "../../src/shared/careers/api";
import { resetPasswordApi } from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { applicationCode, applicationToken } from "../helpers/applicant";
import { clearOfWindowEdge } from "../helpers/rate-window";

const onPostgres = process.env.API_DB === "postgres";

let api: ApiHarness;
let db: Db;

beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
  await seed(db);
});
afterAll(() => api.close());
beforeEach(() => {
  api.outbox.length = 0;
});

let seq = 0;
const fresh = (what: string) => `${what}${++seq}.${Date.now()}@example.org`;
let ipSeq = 0;
/** A client address of its own for each test, so limits from one test never reach another. */
const newIp = () => `203.0.113.${++ipSeq}`;

/** A JSON POST from the client at `ip`. */
const postJson = (c: Contract, body: unknown, ip = "198.51.100.1") =>
  api.call(c, { body, headers: { "x-forwarded-for": ip } });

async function withLimits<T>(fn: () => Promise<T>): Promise<T> {
  process.env.RATE_LIMITS = "on";
  await clearOfWindowEdge();
  resetEnv();
  try {
    return await fn();
  } finally {
    process.env.RATE_LIMITS = "off";
    resetEnv();
  }
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return rows[0]!.n;
}

const codeFor = (email: string) => applicationCode(api.ports, email, () => api.outbox);
/** Verifies the address and returns the browser's cookie: the single-use application token. */
const verified = (email: string, ports = api.ports) => applicationToken(ports, email, () => api.outbox);

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function application(email: string, jobId: number): FormData {
  const fd = new FormData();
  const values: Record<string, string> = {
    job_id: String(jobId),
    firstName: "Asha",
    lastName: "Raman",
    email,
    mobile: "+919876543210",
    nativePlace: "Chennai",
    gender: "Female",
    totalExperience: "5",
    itExperience: "4",
    currentCompany: "Acme",
    noticePeriod: "30 Days",
    willingToRelocate: "No",
    skills: "Linux",
    privacyConsent: "yes",
  };
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  fd.append("resume", new Blob([PDF], { type: "application/pdf" }), "cv.pdf");
  return fd;
}

async function firstJobId(): Promise<number> {
  return (await db.query<{ id: number }>("SELECT id FROM jobs ORDER BY id LIMIT 1"))[0]!.id;
}

function storedResumes(): number {
  const dir = path.join(env().uploadsDir, "private");
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith(".type")).length : 0;
}

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

describe("rate limits per client address", () => {
  it("code checks: 30 an hour, then 429 with Retry-After", async () => {
    const email = fresh("verify");
    await codeFor(email);
    const ip = newIp();
    await withLimits(async () => {
      const got: number[] = [];
      // Wrong codes for addresses without a code: each check counts, none uses up a code.
      for (let i = 0; i < 31; i++)
        got.push((await postJson(verifyEmailOtpApi, { email: fresh("x"), code: "000000" }, ip)).status);
      expect(got.slice(0, 30).every((s) => s === 200)).toBe(true);
      const limited = await postJson(verifyEmailOtpApi, { email, code: "000000" }, ip);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await limited.json()) as { error: string }).error).toMatch(/Too many requests/);
      // Another client is not affected.
      expect((await postJson(verifyEmailOtpApi, { email, code: "000000" }, newIp())).status).toBe(200);
    });
  });

  it("applications: 10 an hour, then 429, and the 11th is not stored", async () => {
    const jobId = await firstJobId();
    const emails = Array.from({ length: 11 }, () => fresh("apply"));
    // Eleven applicants, each with the token their own right code gave them.
    const tokens: string[] = [];
    for (const e of emails) tokens.push(await verified(e));
    const ip = newIp();
    const before = await count("applications");
    await withLimits(async () => {
      const got: number[] = [];
      for (const [i, e] of emails.entries())
        got.push(
          (
            await api.call(submitApplicationApi, {
              form: application(e, jobId),
              cookie: tokens[i]!,
              headers: { "x-forwarded-for": ip },
            })
          ).status,
        );
      expect(got).toEqual([...Array(10).fill(201), 429]);
    });
    expect(await count("applications")).toBe(before + 10);
  });

  it("password resets: 20 an hour, then 429", async () => {
    const ip = newIp();
    await withLimits(async () => {
      const got: number[] = [];
      for (let i = 0; i < 21; i++)
        got.push(
          (
            await postJson(
              resetPasswordApi,
              {
                email: fresh("reset"),
                otp: "123456",
                new_password: "a-long-new-password-71",
                confirm_password: "a-long-new-password-71",
              },
              ip,
            )
          ).status,
        );
      expect(got.slice(0, 20).every((s) => s !== 429)).toBe(true);
      expect(got[20]).toBe(429);
    });
  });
});

describe.skipIf(!onPostgres)("at the same moment, on PostgreSQL", () => {
  it("one right code checked ten times at once verifies once", async () => {
    const email = fresh("race-code");
    const code = await codeFor(email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        postJson(verifyEmailOtpApi, { email, code }).then((r) => r.json() as Promise<{ success: boolean }>),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(await count("email_codes WHERE email = $1 AND verified_at IS NOT NULL", [email])).toBe(1);
  });

  it("wrong codes sent at once never get more than the allowed tries", async () => {
    const email = fresh("race-wrong");
    const code = await codeFor(email);
    const wrong = code === "111111" ? "222222" : "111111";
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        postJson(verifyEmailOtpApi, { email, code: wrong }).then(
          (r) => r.json() as Promise<{ success: boolean; expired?: boolean }>,
        ),
      ),
    );
    expect(answers.filter((a) => !a.success && !a.expired)).toHaveLength(CODE_MAX_ATTEMPTS);
    const [row] = await db.query<{ attempts: number; consumed: boolean }>(
      "SELECT attempts, consumed_at IS NOT NULL AS consumed FROM email_codes WHERE email = $1",
      [email],
    );
    expect(row).toEqual({ attempts: CODE_MAX_ATTEMPTS, consumed: true });
    // The right code no longer works either.
    const after = await postJson(verifyEmailOtpApi, { email, code });
    expect(((await after.json()) as { success: boolean }).success).toBe(false);
  });

  it("five applications for one address at once store one, and leave no stray file", async () => {
    const email = fresh("race-apply");
    // Five browsers, each verified with a code of its own (a minute apart, as a new code may
    // be asked for once a minute), so each carries a live token: only the rule of one
    // application per address and opening can hold the four others back.
    const start = Date.now();
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const at = new Date(start + i * (CODE_RESEND_SECONDS + 1) * 1000);
      tokens.push(await verified(email, { ...api.ports, now: () => at }));
    }
    const at = new Date(start + 5 * (CODE_RESEND_SECONDS + 1) * 1000);
    const jobId = await firstJobId();
    const files = storedResumes();
    const responses = await Promise.all(
      tokens.map((cookie) =>
        api.call(submitApplicationApi, { form: application(email, jobId), cookie, ports: { now: () => at } }),
      ),
    );
    expect(statuses(responses)).toEqual([201, 409, 409, 409, 409]);
    expect(await count("applications WHERE email = $1", [email])).toBe(1);
    expect(storedResumes()).toBe(files + 1);
  });

  it("twenty comments at once are all stored, each once", async () => {
    const [post1] = await db.query<{ id: number }>("SELECT id FROM posts ORDER BY id LIMIT 1");
    const before = await count("comments WHERE post_id = $1", [post1!.id]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson(addCommentApi, {
          post_id: String(post1!.id),
          name: `Reader ${i}`,
          email: `reader${i}@example.com`,
          comment: `Parallel comment ${i}`,
        }),
      ),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect(await count("comments WHERE post_id = $1", [post1!.id])).toBe(before + 20);
    expect(
      await count("(SELECT DISTINCT comment FROM comments WHERE comment LIKE 'Parallel comment %') c"),
    ).toBe(20);
  });

  it("rate-limit counters hold under parallel requests: exactly the limit gets through", async () => {
    const ip = newIp();
    const [post1] = await db.query<{ id: number }>("SELECT id FROM posts ORDER BY id LIMIT 1");
    await withLimits(async () => {
      const comments = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          postJson(
            addCommentApi,
            { post_id: String(post1!.id), name: "Burst", email: "burst@example.com", comment: `Burst ${i}` },
            ip,
          ),
        ),
      );
      expect(statuses(comments)).toEqual([...Array(5).fill(201), ...Array(10).fill(429)]);
      const questions = await Promise.all(
        Array.from({ length: 12 }, (_, i) => postJson(addFaqApi, { question: `Burst question ${i}?` }, ip)),
      );
      expect(statuses(questions)).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    });
    expect(await count("comments WHERE name = 'Burst'")).toBe(5);
    expect(await count("faqs WHERE question LIKE 'Burst question %'")).toBe(5);
  });
});
