import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config as applicationsConfig } from "../../netlify/functions/applications";
import { newKey } from "../../src/server/platform/storage/storage";
import { createApp } from "../../src/server/http/app";
import type { Db } from "../../src/server/platform/db/db";
import {
  addJobPostApi,
  adminCommentsApi,
  adminJobsApi,
  applicationDataApi,
  applicationsApi,
  deleteFaqApi,
  deleteJobPostApi,
  resumeLinkApi,
  updateApplicationStatusApi,
  updateFaqApi,
  updateJobPostApi,
} from "../../src/shared/careers/admin-api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { count, insertApplication, insertFaq, insertJob, storeResume } from "../helpers/dashboard-fixtures";

let api: ApiHarness;
let db: Db;
beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
});
afterAll(() => api.close());

/** The storage the functions use (the environment's: none is given). */
const storageOf = () => createApp(new Request("http://localhost:4321/"), undefined, api.ports).open.storage();

type Faq = { id: number; question: string; answer: string | null };

describe("FAQ answers", () => {
  it("lists all or only unanswered questions as { comments: [{ id, question, answer }] }", async () => {
    const open = await insertFaq(db);
    const done = await insertFaq(db, "Yes, we do.");
    const all = (await (
      await api.call(adminCommentsApi, { as: "admin", query: { filter: "all" } })
    ).json()) as {
      comments: Faq[];
    };
    expect(all.comments.map((c) => c.id)).toEqual(expect.arrayContaining([open, done]));
    expect(Object.keys(all.comments[0]!).sort()).toEqual(["answer", "id", "question"]);
    const unanswered = (await (
      await api.call(adminCommentsApi, { as: "admin", query: { filter: "unanswered" } })
    ).json()) as { comments: Faq[] };
    expect(unanswered.comments.map((c) => c.id)).toContain(open);
    expect(unanswered.comments.map((c) => c.id)).not.toContain(done);
    expect(unanswered.comments.every((c) => c.answer === null)).toBe(true);
  });

  it.each(["filter=answered", "filter=ALL", "page=0", "page=x"])("refuses ?%s with 400", async (q) => {
    const res = await api.call(adminCommentsApi, { as: "admin", query: q });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });

  it("answers a question, and an empty answer takes it back to unanswered", async () => {
    const id = await insertFaq(db);
    const res = await api.call(updateFaqApi, { as: "admin", body: { id, answer: "  Twice a year.  " } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe("FAQ updated successfully");
    const [row] = await db.query<{ answer: string; answered_at: Date | null }>(
      "SELECT answer, answered_at FROM faqs WHERE id = $1",
      [id],
    );
    expect(row).toMatchObject({ answer: "Twice a year." });
    expect(row!.answered_at).not.toBeNull();
    await api.call(updateFaqApi, { as: "admin", body: { id, answer: "" } });
    const [back] = await db.query("SELECT answer, answered_at FROM faqs WHERE id = $1", [id]);
    expect(back).toEqual({ answer: null, answered_at: null });
  });

  it.each([
    ["no id", { id: undefined, answer: "x" }],
    ["id text", { id: "one", answer: "x" }],
    ["negative id", { id: -3, answer: "x" }],
    ["answer too long", { answer: "x".repeat(5001) }],
  ])("refuses %s with 400 and changes nothing", async (_n, body) => {
    const id = await insertFaq(db);
    const res = await api.call(updateFaqApi, { as: "admin", body: { id, ...body } });
    expect(res.status).toBe(400);
    expect(await count(db, "faqs", "id = $1 AND answer IS NULL", [id])).toBe(1);
  });

  it("answers 404 for an unknown question and deletes an existing one", async () => {
    expect((await api.call(updateFaqApi, { as: "admin", body: { id: 999999, answer: "x" } })).status).toBe(
      404,
    );
    const id = await insertFaq(db);
    const res = await api.call(deleteFaqApi, { as: "admin", params: { id } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe("FAQ deleted successfully");
    expect(await count(db, "faqs", "id = $1", [id])).toBe(0);
    expect((await api.call(deleteFaqApi, { as: "admin", params: { id } })).status).toBe(404);
    expect((await api.call(deleteFaqApi, { as: "admin", params: { id: "abc" } })).status).toBe(400);
  });
});

const job = {
  job_title: "Site Reliability Engineer",
  required_experience: 4,
  skills: "Go, , go, Linux ",
  description: "Keep it up.",
};

describe("job posts", () => {
  it("adds a job (skills trimmed and de-duplicated), edits it and deletes it", async () => {
    const res = await api.call(addJobPostApi, { as: "admin", body: job });
    expect(res.status).toBe(201);
    const added = (await res.json()) as { job: { id: number; skills: string }; message: string };
    expect(added.message).toBe("Job post added successfully");
    expect(added.job.skills).toBe("Go, Linux");
    const list = (await (await api.call(adminJobsApi, { as: "reader" })).json()) as {
      jobs: { id: number }[];
    };
    expect(list.jobs.map((j) => j.id)).toContain(added.job.id);

    const upd = await api.call(updateJobPostApi, {
      as: "admin",
      body: { ...job, id: added.job.id, job_title: "Senior SRE", required_experience: "6", skills: "" },
    });
    expect(upd.status).toBe(200);
    const updated = (await upd.json()) as { job: Record<string, unknown>; message: string };
    expect(updated.message).toBe("Job post updated successfully");
    expect(updated.job).toMatchObject({ job_title: "Senior SRE", required_experience: 6, skills: "" });

    const del = await api.call(deleteJobPostApi, { as: "admin", params: { id: added.job.id } });
    expect(del.status).toBe(200);
    expect(((await del.json()) as { message: string }).message).toBe("Job post deleted successfully");
    expect(await count(db, "jobs", "id = $1", [added.job.id])).toBe(0);
  });

  it("keeps a deleted job's applications", async () => {
    const jobId = await insertJob(db);
    const appId = await insertApplication(db, { jobId });
    await api.call(deleteJobPostApi, { as: "admin", params: { id: jobId } });
    expect(await count(db, "applications", "id = $1 AND job_id IS NULL", [appId])).toBe(1);
  });

  it.each([
    ["title missing", { job_title: undefined }, /Job title is required/],
    ["title blank", { job_title: "  " }, /Job title is required/],
    ["experience missing", { required_experience: undefined }, /Required experience is required/],
    ["experience blank", { required_experience: "" }, /Required experience is required/],
    ["experience text", { required_experience: "five" }, /must be a number/],
    ["experience negative", { required_experience: -1 }, /from 0 to 50/],
    ["experience too high", { required_experience: 51 }, /from 0 to 50/],
    ["experience fraction", { required_experience: 2.5 }, /whole number/],
    ["description missing", { description: undefined }, /Description is required/],
    ["skills too long", { skills: "a".repeat(1001) }, /Skills must be at most 1000/],
  ])("refuses %s with 400 and stores nothing", async (_n, over, message) => {
    const before = await count(db, "jobs");
    const res = await api.call(addJobPostApi, { as: "admin", body: { ...job, ...over } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect(await count(db, "jobs")).toBe(before);
  });

  it("refuses a bad update with 400 and an unknown job with 404, changing nothing", async () => {
    const id = await insertJob(db);
    const before = await db.query("SELECT * FROM jobs WHERE id = $1", [id]);
    expect(
      (await api.call(updateJobPostApi, { as: "admin", body: { ...job, id, required_experience: 99 } }))
        .status,
    ).toBe(400);
    expect((await api.call(updateJobPostApi, { as: "admin", body: job })).status).toBe(400);
    expect((await api.call(updateJobPostApi, { as: "admin", body: { ...job, id: 999999 } })).status).toBe(
      404,
    );
    expect(await db.query("SELECT * FROM jobs WHERE id = $1", [id])).toEqual(before);
    expect((await api.call(deleteJobPostApi, { as: "admin", params: { id: 999999 } })).status).toBe(404);
  });
});

type Listing = {
  applications: {
    id: number;
    status: string;
    name: string;
    history: { from: string; to: string; by: string }[];
  }[];
  total: number;
  page: number;
  hasMore: boolean;
  pageSize: number;
};

describe("applications", () => {
  it("lists newest first, filters by status and pages on the server; both paths give the same listing", async () => {
    // One function serves both addresses.
    expect(applicationsConfig.path).toEqual(["/api/applications", "/api/application_data"]);
    const base = Date.now();
    for (let i = 0; i < 30; i++)
      await insertApplication(db, {
        status: i % 3 === 0 ? "Maybe" : "New",
        createdAt: new Date(base - i * 60_000).toISOString(),
      });
    const first = (await (await api.call(applicationsApi, { as: "reader" })).json()) as Listing;
    expect(first.applications.length).toBe(first.pageSize);
    expect(first.total).toBe(await count(db, "applications"));
    expect(first.hasMore).toBe(true);
    const second = (await (
      await api.call(applicationsApi, { as: "admin", query: { page: 2 } })
    ).json()) as Listing;
    expect(second.applications[0]!.id).not.toBe(first.applications[0]!.id);
    const same = (await (
      await api.call(applicationDataApi, { as: "admin", query: { page: 2 } })
    ).json()) as Listing;
    expect(same).toEqual(second);
    const maybe = (await (
      await api.call(applicationsApi, { as: "admin", query: { status: "Maybe" } })
    ).json()) as Listing;
    expect(maybe.total).toBe(await count(db, "applications", "status = 'Maybe'"));
    expect(maybe.applications.every((a) => a.status === "Maybe")).toBe(true);
    const all = (await (
      await api.call(applicationDataApi, { as: "admin", query: { status: "all" } })
    ).json()) as Listing;
    expect(all.total).toBe(first.total);
  });

  it("shows staff each application's privacy consent (notice version and time) and talent pool choice", async () => {
    const at = "2026-11-24T09:30:00.000Z";
    const id = await insertApplication(db, { createdAt: new Date(Date.now() + 3_600_000).toISOString() });
    await db.query(
      `UPDATE applications SET privacy_consent_version = '1.0', privacy_consent_at = $2,
         talent_pool = true, talent_pool_consent_at = $2 WHERE id = $1`,
      [id, at],
    );
    const older = await insertApplication(db, {
      createdAt: new Date(Date.now() + 1_800_000).toISOString(),
    });
    const list = (await (await api.call(applicationsApi, { as: "reader" })).json()) as Listing;
    expect(list.applications.find((a) => a.id === id)).toMatchObject({
      privacy_consent_version: "1.0",
      privacy_consent_at: at,
      talent_pool: true,
      talent_pool_consent_at: at,
    });
    // An application from before consent was asked says so: nothing is made up.
    expect(list.applications.find((a) => a.id === older)).toMatchObject({
      privacy_consent_version: null,
      privacy_consent_at: null,
      talent_pool: false,
      talent_pool_consent_at: null,
    });
  });

  it.each(["status=Hired", "status=new", "page=0", "page=-1", "page=1.5"])(
    "refuses ?%s with 400",
    async (q) => {
      expect((await api.call(applicationsApi, { as: "admin", query: q })).status).toBe(400);
    },
  );

  it("changes the status with a history row and e-mails the candidate on Selected", async () => {
    const email = `cand-${Date.now()}@example.com`;
    const id = await insertApplication(db, { email });
    const res = await api.call(updateApplicationStatusApi, { as: "admin", body: { id, status: "Selected" } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; mailed: boolean };
    expect(body).toMatchObject({ message: "Status updated successfully", mailed: true });
    const history = await db.query(
      "SELECT from_status, to_status, changed_by, changed_by_email FROM application_status_history WHERE application_id = $1",
      [id],
    );
    expect(history).toEqual([
      {
        from_status: "New",
        to_status: "Selected",
        changed_by: api.staff.users.admin.id,
        changed_by_email: api.staff.users.admin.email,
      },
    ]);
    const mail = api.outbox.find((m) => m.to === email);
    expect(mail?.text).toMatch(/next step/);
    expect(mail?.text).not.toMatch(/Selected|Rejected/);
    expect(
      await count(db, "mail_log", "ref_table = 'applications' AND ref_id = $1 AND status = 'sent'", [id]),
    ).toBe(1);

    const listed = (await (
      await api.call(applicationDataApi, { as: "admin", query: { status: "Selected" } })
    ).json()) as Listing;
    expect(listed.applications.find((a) => a.id === id)?.history).toEqual([
      expect.objectContaining({ from: "New", to: "Selected", by: api.staff.users.admin.email }),
    ]);
  });

  it("sends no e-mail for Maybe, and setting the same status again records nothing", async () => {
    const email = `maybe-${Date.now()}@example.com`;
    const id = await insertApplication(db, { email });
    await api.call(updateApplicationStatusApi, { as: "admin", body: { id, status: "Maybe" } });
    await api.call(updateApplicationStatusApi, { as: "admin", body: { id, status: "Maybe" } });
    expect(await count(db, "application_status_history", "application_id = $1", [id])).toBe(1);
    expect(api.outbox.some((m) => m.to === email)).toBe(false);
    const r = await api.call(updateApplicationStatusApi, { as: "admin", body: { id, status: "Rejected" } });
    expect(r.status).toBe(200);
    expect(api.outbox.find((m) => m.to === email)?.text).toMatch(/not be moving forward/);
  });

  it.each([
    ["no status", { status: undefined }],
    ["unknown status", { status: "Hired" }],
    ["lower-case status", { status: "selected" }],
    ["no id", { id: undefined }],
    ["id text", { id: "abc" }],
  ])("refuses %s with 400 and changes nothing", async (_n, over) => {
    const id = await insertApplication(db);
    const res = await api.call(updateApplicationStatusApi, {
      as: "admin",
      body: { id, status: "Selected", ...over },
    });
    expect(res.status).toBe(400);
    expect(await count(db, "applications", "id = $1 AND status = 'New'", [id])).toBe(1);
    expect(await count(db, "application_status_history", "application_id = $1", [id])).toBe(0);
  });

  it("answers 404 for an unknown application", async () => {
    const res = await api.call(updateApplicationStatusApi, {
      as: "admin",
      body: { id: 999999, status: "Maybe" },
    });
    expect(res.status).toBe(404);
  });

  it("gives a short-lived signed link that shows a PDF resume in the browser, sandboxed", async () => {
    const storage = await storageOf();
    const id = await insertApplication(db, { resumeKey: await storeResume(storage) });
    const res = await api.call(resumeLinkApi, { as: "reader", params: { id } });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/api\/files\/private\/[0-9a-f-]{36}\.pdf\?/);
    const u = new URL(url, "http://localhost:4321");
    expect(u.searchParams.get("name")).toBe(`application-${id}-resume.pdf`);
    expect(u.searchParams.get("view")).toBe("inline");
    expect(Number(u.searchParams.get("exp")) * 1000 - Date.now()).toBeLessThanOrEqual(120_000);
    const file = await api.send(new Request(u));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(`inline; filename="application-${id}-resume.pdf"`);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
    expect(file.headers.get("cache-control")).toContain("no-store");
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    // The same link made a download link by hand, or a view link for another file: refused.
    const tampered = new URL(u);
    tampered.searchParams.delete("view");
    expect((await api.send(new Request(tampered))).status).toBe(403);

    // The dashboard's View PDF link (a new tab): sent on to a fresh signed link, never cached.
    const open = await api.call(resumeLinkApi, { as: "reader", params: { id }, query: { open: 1 } });
    expect(open.status).toBe(303);
    expect(open.headers.get("location")).toMatch(/^\/api\/files\/private\/[0-9a-f-]{36}\.pdf\?.*view=inline/);
    expect(open.headers.get("cache-control")).toContain("no-store");
    expect((await api.call(resumeLinkApi, { params: { id }, query: { open: 1 } })).status).toBe(401);
  });

  it("downloads a Word resume, and a file whose bytes are not a PDF, whatever its row says", async () => {
    const storage = await storageOf();
    const docxKey = newKey("private", "docx");
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("[Content_Types].xml")]);
    await storage.put(
      docxKey,
      docx,
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    const word = await insertApplication(db, {
      resumeKey: docxKey,
      resumeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    const notPdf = await insertApplication(db, { resumeKey: docxKey });
    for (const [id, ext] of [
      [word, "docx"],
      [notPdf, "pdf"],
    ] as const) {
      const { url } = (await (await api.call(resumeLinkApi, { as: "reader", params: { id } })).json()) as {
        url: string;
      };
      const file = await api.send(new Request(new URL(url, "http://localhost:4321")));
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="application-${id}-resume.${ext}"`,
      );
      expect(file.headers.get("content-type")).not.toBe("application/pdf");
      expect(file.headers.get("content-security-policy")).not.toMatch(/sandbox/);
    }
    expect((await api.call(resumeLinkApi, { as: "admin", params: { id: 999999 } })).status).toBe(404);
    expect((await api.call(resumeLinkApi, { as: "admin", params: { id: "zero" } })).status).toBe(400);
  });
});
