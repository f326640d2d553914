import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../src/server/http/app";
import { addFaq, findJob, listAnsweredFaqs, listJobs } from "../../src/server/careers/jobs";
import { sendApplicationCode } from "../../src/server/careers/application-code";
import { submitApplication, type Resume } from "../../src/server/careers/submit-application";
import { checkApplicationCode } from "../../src/server/careers/application-code";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { seed } from "../../scripts/seed/seed";
import type { Storage } from "../../src/server/platform/storage/storage";
import { newToken } from "../../src/server/common/codes";
import { applicationSchema, type ApplicationInput } from "../../src/shared/careers/careers";
import { PRIVACY_NOTICE } from "../../src/shared/privacy/notice";
import { BACKENDS, requirePostgres, type TestDb } from "../helpers/db";

/** A storage that keeps objects in memory, so a test can see exactly what was stored. */
function memoryStorage() {
  const objects = new Map<string, Uint8Array>();
  const storage: Storage = {
    put: async (key, body) => void objects.set(key, body),
    get: async (key) => (objects.has(key) ? { body: objects.get(key)!, contentType: "x" } : null),
    delete: async (key) => void objects.delete(key),
    readStart: async (key, bytes) => objects.get(key)?.slice(0, bytes) ?? null,
    head: async (key) => (objects.has(key) ? { size: objects.get(key)!.length, contentType: "x" } : null),
    signedUrl: async (key) => `/signed/${key}`,
    signedUploadUrl: async (key) => ({ url: `/signed/${key}`, method: "PUT", headers: {} }),
  };
  return { storage, objects };
}

const resume: Resume = {
  bytes: new TextEncoder().encode("%PDF-1.4\n%%EOF\n"),
  mime: "application/pdf",
  ext: "pdf",
  name: "cv.pdf",
};

describe.each(BACKENDS)("careers service on $name", ({ name, open }) => {
  let t: TestDb | undefined;
  let app: App;
  const sent: MailMessage[] = [];
  const mem = memoryStorage();
  let clock = new Date("2025-06-01T12:00:00Z");

  beforeAll(async () => {
    t = await open();
    if (!t && name === "postgres" && requirePostgres()) throw new Error("PG_TEST_URL is not set");
    if (!t) return;
    await seed(t.db, { now: new Date("2025-06-01T12:00:00Z") });
    app = createApp(new Request("http://localhost:4321/"), undefined, {
      db: t.db,
      storage: mem.storage,
      mail: { send: async (m) => void sent.push(m) },
      now: () => clock,
    });
  }, 180_000); // migrating a fresh PGlite is slow on a busy machine
  afterAll(async () => {
    await t?.close();
  });

  /** Verifies the address and returns the single-use token the applicant's browser would hold. */
  async function verified(email: string): Promise<string> {
    await sendApplicationCode(app.deps, email);
    const code = sent.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    const token = newToken();
    expect(await checkApplicationCode(app.deps, email, code, token)).toBe("ok");
    return token;
  }

  /** Sends an application with the resume above, as the endpoint does once the token named `email`. */
  const apply = (application: ApplicationInput, token: string) =>
    submitApplication(app.deps, { input: application, resume, token, verifiedEmail: application.email });

  const input = (email: string, over: Record<string, string> = {}) =>
    applicationSchema.parse({
      firstName: "Ravi",
      lastName: "Kumar",
      email,
      mobile: "+919812345678",
      nativePlace: "Madurai",
      gender: "Male",
      totalExperience: "3",
      itExperience: "3",
      currentCompany: "Acme",
      skills: "Linux",
      privacyConsent: "yes",
      ...over,
    });

  it("lists openings newest first with numbers as numbers", async (ctx) => {
    if (!t) return ctx.skip();
    const jobs = await listJobs({ db: t.db });
    expect(jobs).toHaveLength(5);
    expect(jobs[0]!.job_title).toBe("Senior DevOps Engineer (Kubernetes)");
    expect(typeof jobs[0]!.required_experience).toBe("number");
    const dates = jobs.map((j) => j.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(await findJob({ db: t.db }, jobs[0]!.id)).toEqual(jobs[0]);
    expect(await findJob({ db: t.db }, 999_999)).toBeUndefined();
  });

  it("lists answered FAQs only, in the order asked; a new question stays hidden", async (ctx) => {
    if (!t) return ctx.skip();
    const before = await listAnsweredFaqs({ db: t.db });
    expect(before).toHaveLength(6);
    expect(before.every((f) => typeof f.answer === "string")).toBe(true);
    expect(before.map((f) => f.id)).toEqual([...before.map((f) => f.id)].sort((a, b) => a - b));
    const id = await addFaq({ db: t.db }, "Is there a dress code?");
    const row = await t.db.query("SELECT answer FROM faqs WHERE id = $1", [id]);
    expect(row[0]).toEqual({ answer: null });
    expect(await listAnsweredFaqs({ db: t.db })).toEqual(before);
  });

  it("limits the page's lists: the newest openings, the latest answered questions in asked order", async (ctx) => {
    if (!t) return ctx.skip();
    const jobs = await listJobs({ db: t.db });
    expect(await listJobs({ db: t.db }, 2)).toEqual(jobs.slice(0, 2));
    const faqs = await listAnsweredFaqs({ db: t.db });
    expect(await listAnsweredFaqs({ db: t.db }, 3)).toEqual(faqs.slice(-3));
  });

  it("checks codes: a wrong code counts, five void it", async (ctx) => {
    if (!t) return ctx.skip();
    const email = `codes.${name}@example.org`;
    await sendApplicationCode(app.deps, email);
    const code = sent.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    const wrong = code === "999999" ? "000000" : "999999";
    for (let i = 0; i < 5; i++) expect(await checkApplicationCode(app.deps, email, wrong)).toBe("wrong");
    expect(await checkApplicationCode(app.deps, email, code)).toBe("expired");
  });

  it("stores a verified application with status New and its resume", async (ctx) => {
    if (!t) return ctx.skip();
    const email = `stored.${name}@example.org`;
    clock = new Date(clock.getTime() + 120_000);
    const token = await verified(email);
    const jobs = await listJobs({ db: t.db });
    const { id } = await apply(input(email, { job_id: String(jobs[1]!.id) }), token);
    const row = (
      await t.db.query<Record<string, unknown>>("SELECT * FROM applications WHERE id = $1", [id])
    )[0]!;
    expect(row).toMatchObject({
      status: "New",
      job_id: jobs[1]!.id,
      resume_filename: "cv.pdf",
      // The consent, with the notice's version and the application's time; no talent pool unasked.
      privacy_consent_version: PRIVACY_NOTICE.version,
      talent_pool: false,
      talent_pool_consent_at: null,
    });
    expect(new Date(row.privacy_consent_at as string).toISOString()).toBe(clock.toISOString());
    expect(mem.objects.get(String(row.resume_key))).toEqual(resume.bytes);
    expect(sent.at(-1)!.subject).toMatch(/application/i);
  });

  it("refuses a second application for the same opening within 24 hours, but not after", async (ctx) => {
    if (!t) return ctx.skip();
    const email = `twice.${name}@example.org`;
    clock = new Date(clock.getTime() + 120_000);
    const first = await apply(input(email), await verified(email));
    expect(first.id).toBeGreaterThan(0);
    const files = mem.objects.size;
    clock = new Date(clock.getTime() + 120_000);
    await expect(apply(input(email), await verified(email))).rejects.toMatchObject({
      kind: "conflict",
    });
    expect(mem.objects.size).toBe(files);
    // Another opening is fine (the token of the refused one was not used up).
    const jobs = await listJobs({ db: t.db });
    clock = new Date(clock.getTime() + 120_000);
    await apply(input(email, { job_id: String(jobs[2]!.id) }), await verified(email));
    // A day later the same opening is fine again (after a fresh verification).
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    await apply(input(email), await verified(email));
    const rows = await t.db.query("SELECT 1 FROM applications WHERE email = $1", [email]);
    expect(rows).toHaveLength(3);
  });

  it("refuses without the verifier's token (another address's token, or none) and stores nothing", async (ctx) => {
    if (!t) return ctx.skip();
    const files = mem.objects.size;
    await expect(apply(input(`never.${name}@example.org`), newToken())).rejects.toMatchObject({
      kind: "forbidden",
    });
    clock = new Date(clock.getTime() + 120_000);
    const someoneElses = await verified(`other.${name}@example.org`);
    await expect(apply(input(`never.${name}@example.org`), someoneElses)).rejects.toMatchObject({
      kind: "forbidden",
    });
    expect(mem.objects.size).toBe(files);
  });
});
