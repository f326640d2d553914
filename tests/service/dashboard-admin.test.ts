/**
 * The dashboard services on every back end: the candidate listing at 10,000 rows (fast, and on
 * the (status, created_at, id) index), status changes that are all-or-nothing, post writes that
 * leave no orphan file, FAQ answers, job posts, and the leads filters and CSV.
 */
import { env } from "../../src/server/platform/env";
import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostInput } from "../../src/shared/blog/post-schemas";
import { changeStatus, listApplications, listingSql } from "../../src/server/careers/applications-admin";
import { createPost } from "../../src/server/blog/add-post";
import { deletePost } from "../../src/server/blog/posts-admin";
import { updatePost } from "../../src/server/blog/update-post";
import { deleteFaq, listFaqsForStaff, updateFaqAnswer } from "../../src/server/careers/faq-admin";
import { toCsv } from "../../src/server/common/csv";
import { exportLeadsCsv as exportInquiriesCsv } from "../../src/server/contact/lead-export";
import { listLeads as listInquiries } from "../../src/server/contact/lead-list";
import { addJob, deleteJob, listJobsForStaff, updateJob } from "../../src/server/careers/jobs-admin";
import { type Storage } from "../../src/server/platform/storage/storage";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { count, insertComment, insertFaq, insertInquiry, pngBytes } from "../helpers/dashboard-fixtures";
import { BACKENDS, requirePostgres, type TestDb } from "../helpers/db";

const staff = { userId: 0, email: "editor@example.com", role: "admin" as const };
/** Who the audit trail names for the changes made here (no account of the database). */
const actor = { userId: null, email: staff.email, address: null };

for (const backend of BACKENDS) {
  describe(`dashboard services on ${backend.name}`, () => {
    let t: TestDb | undefined;
    let storage: Storage;
    let dir: string;
    beforeAll(async () => {
      t = await backend.open();
      if (!t && backend.name === "postgres" && requirePostgres()) throw new Error("PostgreSQL is required");
      dir = mkdtempSync(path.join(os.tmpdir(), "dash-storage-"));
      storage = createLocalStorage(dir, "test-secret");
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });
    /** The database and a clock, as a use case takes them. */
    const deps = () => ({ db: t!.db, now: () => new Date(), env: env(), raise: () => {} });
    const objects = () => {
      try {
        return readdirSync(path.join(dir, "public")).filter((f) => !f.endsWith(".type")).length;
      } catch {
        return 0;
      }
    };

    describe("applications at 10,000 rows", () => {
      beforeAll(async () => {
        if (!t) return;
        await t.db.query(
          `INSERT INTO applications (first_name, last_name, email, mobile, native_place, gender, total_experience,
             it_experience, current_company, skills, resume_key, resume_filename, resume_type, status, created_at)
           SELECT 'Cand', 'No ' || g, 'cand' || g || '@example.com', '+919800000000', 'Chennai', 'Other', g % 20,
                  g % 15, 'Acme', 'Linux', 'private/00000000-0000-4000-8000-000000000000.pdf', 'cv.pdf',
                  'application/pdf',
                  CASE WHEN g % 100 < 85 THEN 'New' WHEN g % 100 < 93 THEN 'Rejected'
                       WHEN g % 100 < 98 THEN 'Maybe' ELSE 'Selected' END,
                  now() - g * interval '1 minute'
             FROM generate_series(1, 10000) g`,
        );
        await t.db.query("ANALYZE applications");
      }, 120_000);

      it("pages newest first with a total, for any status and a deep page", async (ctx) => {
        if (!t) return ctx.skip();
        const first = await listApplications({ db: t.db, env: env() }, { status: "Selected", page: 1 });
        const deep = await listApplications({ db: t.db, env: env() }, { page: 300 });
        expect(first.total).toBe(200);
        expect(first.applications).toHaveLength(25);
        expect(first.applications.every((a) => a.status === "Selected")).toBe(true);
        const times = first.applications.map((a) => a.created_at);
        expect([...times].sort().reverse()).toEqual(times);
        expect(deep.total).toBe(10000);
        expect(deep.applications).toHaveLength(25);
        expect(deep.hasMore).toBe(true);
        // Its speed is the plan test's below (an index, whatever the machine's load) and the
        // bench's (npm run bench:leads), not a timer here.
      });

      it("reads the (status, created_at, id) index for a status and (created_at, id) without one", async (ctx) => {
        if (!t) return ctx.skip();
        type Node = { "Node Type": string; "Index Name"?: string; Plans?: Node[] };
        const limitChild = async (sql: string, params: unknown[]) => {
          const rows = await t!.db.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
          const raw = rows[0]!["QUERY PLAN"];
          const root = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: Node }[];
          const find = (n: Node): Node | undefined =>
            n["Node Type"] === "Limit" ? n : (n.Plans ?? []).map(find).find(Boolean);
          return find(root[0]!.Plan)?.Plans?.[0];
        };
        // The page is read in index order and cut by LIMIT: no sort of the matching rows.
        for (const status of ["Selected", "Maybe", "Rejected"]) {
          const scan = await limitChild(listingSql(true), [26, 0, status]);
          expect(scan?.["Node Type"]).toMatch(/Index (Only )?Scan/);
          expect(scan?.["Index Name"]).toBe("applications_status_idx");
        }
        const all = await limitChild(listingSql(false), [26, 0]);
        expect(all?.["Node Type"]).toMatch(/Index (Only )?Scan/);
        expect(all?.["Index Name"]).toBe("applications_created_idx");
      });

      it("changes a status with its history in one transaction, and rolls both back on failure", async (ctx) => {
        if (!t) return ctx.skip();
        const [{ id }] = (await t.db.query<{ id: number }>(
          "SELECT id FROM applications WHERE status = 'New' ORDER BY id LIMIT 1",
        )) as [{ id: number }];
        const broken = { ...staff, email: null as unknown as string }; // history needs who changed it
        await expect(changeStatus(deps(), broken, id, "Selected")).rejects.toThrow();
        expect(await count(t.db, "applications", "id = $1 AND status = 'New'", [id])).toBe(1);
        expect(await count(t.db, "application_status_history", "application_id = $1", [id])).toBe(0);

        const ok = await changeStatus(
          deps(),
          { ...staff, userId: null as unknown as number },
          id,
          "Selected",
        );
        expect(ok.change).toMatchObject({ from: "New", to: "Selected", by: staff.email });
        expect(await count(t.db, "applications", "id = $1 AND status = 'Selected'", [id])).toBe(1);
        expect(await count(t.db, "application_status_history", "application_id = $1", [id])).toBe(1);
      });
    });

    describe("posts", () => {
      const input: PostInput = { title: "T", author: "A", category: "Servers", content: "C" };

      it("stores images only with the row: a failed insert removes them", async (ctx) => {
        if (!t) return ctx.skip();
        const before = { rows: await count(t.db, "posts"), objects: objects() };
        const image = { bytes: await pngBytes() };
        const bad = { ...input, category: "Gardening" } as unknown as PostInput; // refused by the table's CHECK
        await expect(
          createPost({ ...deps(), storage }, actor, bad, { image1: image, image2: image }),
        ).rejects.toThrow();
        expect(await count(t.db, "posts")).toBe(before.rows);
        expect(objects()).toBe(before.objects);

        // An image is stored once (the Image CDN makes its sizes): one object.
        const post = await createPost({ ...deps(), storage }, actor, input, { image1: image });
        expect(objects()).toBe(before.objects + 1);
        await expect(
          updatePost({ ...deps(), storage }, actor, post.id, bad, { image2: image }),
        ).rejects.toThrow();
        expect(objects()).toBe(before.objects + 1); // the new banner was removed again
        const row = await t.db.query("SELECT category, image2 FROM posts WHERE id = $1", [post.id]);
        expect(row).toEqual([{ category: "Servers", image2: null }]);

        await insertComment(t.db, post.id);
        await deletePost({ ...deps(), storage }, actor, post.id);
        expect(objects()).toBe(before.objects);
        expect(await count(t.db, "comments", "post_id = $1", [post.id])).toBe(0);
      });
    });

    describe("FAQ and jobs", () => {
      it("answers, un-answers and deletes a question", async (ctx) => {
        if (!t) return ctx.skip();
        const id = await insertFaq(t.db);
        expect((await listFaqsForStaff({ db: t.db }, "unanswered", 1)).comments.map((c) => c.id)).toContain(
          id,
        );
        await updateFaqAnswer(deps(), actor, id, "Yes.");
        expect(
          (await listFaqsForStaff({ db: t.db }, "unanswered", 1)).comments.map((c) => c.id),
        ).not.toContain(id);
        await updateFaqAnswer(deps(), actor, id, null);
        expect((await listFaqsForStaff({ db: t.db }, "unanswered", 1)).comments.map((c) => c.id)).toContain(
          id,
        );
        await deleteFaq(deps(), actor, id);
        await expect(deleteFaq(deps(), actor, id)).rejects.toMatchObject({ kind: "not-found" });
      });

      it("adds, updates, lists and deletes a job", async (ctx) => {
        if (!t) return ctx.skip();
        const job = await addJob(deps(), actor, {
          job_title: "J",
          required_experience: 2,
          skills: "",
          description: "D",
        });
        const upd = await updateJob(deps(), actor, job.id, {
          job_title: "J2",
          required_experience: 3,
          skills: "Go",
          description: "D",
        });
        expect(upd).toMatchObject({ job_title: "J2", required_experience: 3, skills: "Go" });
        expect((await listJobsForStaff({ db: t.db }, 1)).jobs.map((j) => j.id)).toContain(job.id);
        await deleteJob(deps(), actor, job.id);
        await expect(
          updateJob(deps(), actor, job.id, {
            job_title: "x",
            required_experience: 1,
            skills: "",
            description: "d",
          }),
        ).rejects.toMatchObject({ kind: "not-found" });
      });
    });

    describe("leads", () => {
      it("filters by handled and whole UTC days, and exports neutralised CSV", async (ctx) => {
        if (!t) return ctx.skip();
        const a = await insertInquiry(t.db, { fullName: "=cmd", createdAt: "2030-01-01T00:00:00Z" });
        const b = await insertInquiry(t.db, {
          fullName: "Plain",
          createdAt: "2030-01-01T23:59:59Z",
          handled: true,
        });
        await insertInquiry(t.db, { fullName: "Later", createdAt: "2030-01-02T00:00:00Z" });
        const day = await listInquiries(
          { db: t.db, env: env(), now: () => new Date() },
          {
            from: "2030-01-01",
            to: "2030-01-01",
            page: 1,
            handled: undefined,
          },
        );
        expect(day.inquiries.map((i) => i.id)).toEqual([b, a]);
        const open = await listInquiries(
          { db: t.db, env: env(), now: () => new Date() },
          {
            from: "2030-01-01",
            to: "2030-01-01",
            page: 1,
            handled: false,
          },
        );
        expect(open.inquiries.map((i) => i.id)).toEqual([a]);
        const csv = await exportInquiriesCsv(
          { db: t.db, env: env(), now: () => new Date() },
          {
            from: "2030-01-01",
            to: "2030-01-01",
            handled: undefined,
          },
        );
        expect(csv).toContain(`"'=cmd"`);
        expect(csv).toContain(`"Plain"`);
        expect(csv).not.toContain("Later");
      });
    });
  });
}

describe("the exports' CSV cells", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ["+1 415", "'+1 415"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["Plain text", "Plain text"],
    ["a=b", "a=b"],
    ["", ""],
    ["=1+2\nsecond line", "'=1+2\nsecond line"],
  ])("%j -> %j", (input, out) => {
    expect(toCsv(["cell"], [[input]])).toBe(`"cell"\r\n"${out.replace(/"/g, '""')}"`);
  });
});
