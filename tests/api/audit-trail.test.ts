/**
 * The staff audit trail: every staff write endpoint (derived from netlify/functions) records an
 * entry naming who, what, which record and from where, with a short before/after; a change that
 * fails records nothing, and an entry that cannot be written takes its change back with it;
 * sign-ins, failures, lockouts and resets are recorded without a password or a code; root_admin
 * reads, filters and exports the trail; old entries are pruned.
 */
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settled } from "../../src/server/http/endpoint";
import { createApp } from "../../src/server/http/app";
import { resetEnv } from "../../src/server/platform/env";
import { createSession, publicSessionId } from "../../src/server/staff/sessions";
import type { Db } from "../../src/server/platform/db/db";
import { loadFunctions } from "../../scripts/lib/functions";
import type { Contract } from "../../src/shared/api/contract";
import { auditLogApi, auditLogExportApi } from "../../src/shared/audit/api";
import {
  addPostApi,
  deleteCommentApi,
  deletePostApi,
  moderateCommentApi,
  updatePostApi,
  uploadPostImageApi,
} from "../../src/shared/blog/admin-api";
import {
  addJobPostApi,
  deleteFaqApi,
  deleteJobPostApi,
  updateApplicationStatusApi,
  updateFaqApi,
  updateJobPostApi,
} from "../../src/shared/careers/admin-api";
import { addAssignmentRuleApi, updateAssignmentRuleApi } from "../../src/shared/contact/assignment-api";
import {
  addLeadNoteApi,
  assignLeadApi,
  mergeLeadsApi,
  resendNotificationApi,
  updateInquiryApi,
  updateLeadStageApi,
} from "../../src/shared/contact/leads-api";
import { privacyErasePersonApi } from "../../src/shared/privacy/api";
import {
  addCaseStudyApi,
  addProofItemApi,
  updateCaseStudyApi,
  updateProofItemApi,
  uploadLogoApi,
} from "../../src/shared/site/api";
import {
  addUserApi,
  deleteUserApi,
  editUserApi,
  endSessionApi,
  forgotPasswordApi,
  loginApi,
  logoutApi,
  resetPasswordApi,
  updateProfileApi,
} from "../../src/shared/staff/api";
import {
  addWebhookApi,
  deleteWebhookApi,
  retryWebhookApi,
  testWebhookApi,
} from "../../src/shared/webhooks/api";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";
import { postForm } from "../helpers/dashboard-call";
import {
  count,
  insertApplication,
  insertComment,
  insertFaq,
  insertInquiry,
  insertJob,
  insertPost,
  insertSubprocessor,
  insertTrustDocument,
  insertTrustRequest,
  pngBytes,
} from "../helpers/dashboard-fixtures";
import { renewCalendarFeedApi, updateAvailabilityApi } from "../../src/shared/booking/api";
import { demoResumePdf } from "../../scripts/seed/seed-data";
import {
  addSubprocessorApi,
  approveTrustRequestApi,
  deleteTrustDocumentApi,
  publishTrustDocumentApi,
  unpublishTrustDocumentApi,
  uploadTrustDocumentApi,
  denyTrustRequestApi,
  updateSubprocessorApi,
} from "../../src/shared/trust/api";
import { staffFunctions } from "../helpers/staff-functions";

let api: ApiHarness;
let db: Db;
beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
}, 120_000);
afterAll(() => api.close());

const lastId = async () =>
  Number((await db.query<{ id: string }>("SELECT coalesce(max(id), 0) AS id FROM audit_log"))[0]!.id);
const entriesAfter = (id: number) =>
  db.query<{
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
  as: "admin" | "root_admin";
  /** A valid change: the contract and what to call it with. */
  make: () => Promise<[Contract, CallOptions]>;
}

/** A webhook endpoint whose receiver is never there (the discard port). */
async function insertWebhook(): Promise<number> {
  const [row] = await db.query<{ id: number }>(
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
    as: "admin",
    make: async () => [
      addPostApi,
      { form: postForm({ title: `Audited ${Date.now()}`, author: "A", category: "Servers", content: "C" }) },
    ],
  },
  "update-post": {
    action: "post.update",
    as: "admin",
    make: async () => [
      updatePostApi,
      {
        form: postForm({
          id: String(await insertPost(db)),
          title: "Retitled",
          author: "A",
          category: "Servers",
          content: "C",
        }),
      },
    ],
  },
  "delete-post": {
    action: "post.delete",
    as: "admin",
    make: async () => [deletePostApi, { params: { id: await insertPost(db) } }],
  },
  "upload-post-image": {
    action: "post.image_upload",
    as: "admin",
    make: async () => [
      uploadPostImageApi,
      { form: postForm({ alt: "A chart" }, { image: [await pngBytes(), "chart.png", "image/png"] }) },
    ],
  },
  "delete-comment": {
    action: "comment.delete",
    as: "admin",
    make: async () => [deleteCommentApi, { params: { id: await insertComment(db, await insertPost(db)) } }],
  },
  "moderate-comment": {
    action: "comment.spam",
    as: "admin",
    make: async () => {
      const id = await insertComment(db, await insertPost(db));
      await db.query("UPDATE comments SET status = 'held' WHERE id = $1", [id]);
      return [moderateCommentApi, { body: { id, action: "spam" } }];
    },
  },
  "update-faq": {
    action: "faq.answer",
    as: "admin",
    make: async () => [updateFaqApi, { body: { id: await insertFaq(db), answer: "Yes." } }],
  },
  "delete-faq": {
    action: "faq.delete",
    as: "admin",
    make: async () => [deleteFaqApi, { params: { id: await insertFaq(db) } }],
  },
  "add-job-post": {
    action: "job.create",
    as: "admin",
    make: async () => [
      addJobPostApi,
      { body: { job_title: "SRE", required_experience: 3, skills: "", description: "Run things." } },
    ],
  },
  "update-job-post": {
    action: "job.update",
    as: "admin",
    make: async () => [
      updateJobPostApi,
      { body: { id: await insertJob(db), job_title: "Renamed", required_experience: 4, description: "D" } },
    ],
  },
  "delete-job-post": {
    action: "job.delete",
    as: "admin",
    make: async () => [deleteJobPostApi, { params: { id: await insertJob(db) } }],
  },
  "update-application-status": {
    action: "application.status",
    as: "admin",
    make: async () => [
      updateApplicationStatusApi,
      { body: { id: await insertApplication(db), status: "Maybe" } },
    ],
  },
  "update-inquiry": {
    action: "lead.stage",
    as: "admin",
    make: async () => [updateInquiryApi, { body: { id: await insertInquiry(db), handled: true } }],
  },
  "update-lead-stage": {
    action: "lead.stage",
    as: "admin",
    make: async () => [updateLeadStageApi, { body: { id: await insertInquiry(db), stage: "Won" } }],
  },
  "assign-lead": {
    action: "lead.owner",
    as: "admin",
    make: async () => [
      assignLeadApi,
      { body: { id: await insertInquiry(db), owner: api.staff.users.admin.id } },
    ],
  },
  "add-lead-note": {
    action: "lead.note",
    as: "admin",
    make: async () => [addLeadNoteApi, { body: { id: await insertInquiry(db), body: "Called." } }],
  },
  "case-studies": {
    action: "case_study.create",
    as: "admin",
    make: async () => [
      addCaseStudyApi,
      {
        body: {
          title: `Audit case study ${Date.now()}`,
          client: "A US retailer",
          anonymised: true,
          industry: "Retail",
          location: "Ohio, USA",
          services: ["/data-warehousing"],
          summary: "A retailer moved its reports to a warehouse and now reads yesterday's sales at eight.",
          challenge: "Reports were built by hand each week from six systems that never agreed on revenue.",
          results: [
            { value: "8 am", label: "yesterday's sales" },
            { value: "6", label: "systems in one warehouse" },
            { value: "1", label: "revenue figure" },
          ],
          duration: "7 months",
          publishedOn: "2025-09-09",
        },
      },
    ],
  },
  "case-study": {
    action: "case_study.update",
    as: "admin",
    make: async () => {
      const [r] = await db.query<{ id: number }>(
        `INSERT INTO case_studies (slug, title, client, industry, location, services, summary, challenge, results,
           duration, published_on)
         VALUES ($1, 'Audit case study title', 'Client', 'Industry', 'Place', '{/data-warehousing}', $2, $2,
           '[{"value":"1","label":"one result"},{"value":"2","label":"two results"},{"value":"3","label":"three results"}]',
           '1 month', '2025-01-01') RETURNING id`,
        [`audit-${Date.now()}`, "x".repeat(60)],
      );
      return [updateCaseStudyApi, { params: { id: r!.id }, body: { status: "published" } }];
    },
  },
  subprocessors: {
    action: "subprocessor.create",
    as: "admin",
    make: async () => [
      addSubprocessorApi,
      { body: { name: "Audit host", purpose: "Hosting", location: "United States", transfer: "None" } },
    ],
  },
  subprocessor: {
    action: "subprocessor.update",
    as: "admin",
    make: async () => [
      updateSubprocessorApi,
      {
        params: { id: await insertSubprocessor(db) },
        body: { name: "Audit host, renamed", purpose: "Hosting", location: "India", transfer: "SCCs" },
      },
    ],
  },
  "trust-request-approve": {
    action: "trust_request.approve",
    as: "admin",
    make: async () => [approveTrustRequestApi, { params: { id: await insertTrustRequest(db) } }],
  },
  "trust-request-deny": {
    action: "trust_request.deny",
    as: "admin",
    make: async () => [denyTrustRequestApi, { params: { id: await insertTrustRequest(db) } }],
  },
  "trust-documents": {
    action: "trust_document.upload",
    as: "admin",
    make: async () => [
      uploadTrustDocumentApi,
      { body: { title: "Audit document", access: "public", size: 2000 } },
    ],
  },
  "trust-document-publish": {
    action: "trust_document.publish",
    as: "admin",
    make: async () => {
      const key = `private/${crypto.randomUUID()}.pdf`;
      const storage = await createApp(
        new Request("http://localhost:4321/"),
        undefined,
        api.ports,
      ).open.storage();
      await storage.put(key, demoResumePdf("Audit"), "application/pdf");
      return [publishTrustDocumentApi, { params: { id: await insertTrustDocument(db, { fileKey: key }) } }];
    },
  },
  "trust-document-unpublish": {
    action: "trust_document.unpublish",
    as: "admin",
    make: async () => [
      unpublishTrustDocumentApi,
      { params: { id: await insertTrustDocument(db, { published: true }) } },
    ],
  },
  "trust-documents-item": {
    action: "trust_document.delete",
    as: "admin",
    make: async () => [deleteTrustDocumentApi, { params: { id: await insertTrustDocument(db) } }],
  },
  "update-availability": {
    action: "availability.update",
    as: "admin",
    make: async () => [
      updateAvailabilityApi,
      { body: { timeZone: "Asia/Kolkata", weekly: ["18:30-02:30", "", "", "", "", "", ""] } },
    ],
  },
  "renew-calendar-feed": {
    action: "availability.feed_renewed",
    as: "admin",
    make: async () => [renewCalendarFeedApi, {}],
  },
  "proof-items": {
    action: "proof_item.create",
    as: "admin",
    make: async () => [
      addProofItemApi,
      { body: { kind: "partner", cloud: "AWS", programme: "Select Tier Partner" } },
    ],
  },
  "proof-item": {
    action: "proof_item.update",
    as: "admin",
    make: async () => {
      const [r] = await db.query<{ id: number }>(
        "INSERT INTO proof_items (kind, name, mark) VALUES ('client', 'Audit client', 'circle') RETURNING id",
      );
      return [updateProofItemApi, { params: { id: r!.id }, body: { name: "Audit client, renamed" } }];
    },
  },
  "proof-item-logo": {
    action: "proof_item.logo",
    as: "admin",
    make: async () => {
      const [r] = await db.query<{ id: number }>(
        "INSERT INTO proof_items (kind, name, mark) VALUES ('client', 'Audit logo client', 'circle') RETURNING id",
      );
      return [
        uploadLogoApi,
        { params: { id: r!.id }, form: postForm({}, { logo: [await pngBytes(), "logo.png", "image/png"] }) },
      ];
    },
  },
  "assignment-rules": {
    action: "assignment_rule.create",
    as: "admin",
    make: async () => [
      addAssignmentRuleApi,
      { body: { name: `Audit ${Date.now()}`, members: [String(api.staff.users.admin.id)], enabled: false } },
    ],
  },
  "assignment-rule": {
    action: "assignment_rule.update",
    as: "admin",
    make: async () => {
      const [r] = await db.query<{ id: number }>(
        "INSERT INTO assignment_rules (position, name, members, enabled) VALUES (1000, 'Audit rule', $1, false) RETURNING id",
        [[api.staff.users.admin.id]],
      );
      return [
        updateAssignmentRuleApi,
        {
          params: { id: r!.id },
          body: { name: "Audit rule, renamed", members: [String(api.staff.users.admin.id)], enabled: false },
        },
      ];
    },
  },
  "merge-leads": {
    action: "lead.merge",
    as: "admin",
    make: async () => [
      mergeLeadsApi,
      { body: { from: await insertInquiry(db), into: await insertInquiry(db) } },
    ],
  },
  "resend-notification": {
    action: "lead.notification_resent",
    as: "admin",
    make: async () => [resendNotificationApi, { body: { id: await insertInquiry(db) } }],
  },
  "add-user": {
    action: "user.create",
    as: "root_admin",
    make: async () => [
      addUserApi,
      {
        body: {
          email: `audited-${Date.now()}@example.com`,
          password: "a-long-enough-password",
          role: "reader",
        },
      },
    ],
  },
  "edit-user": {
    action: "user.update",
    as: "root_admin",
    make: async () => {
      const [u] = await db.query<{ id: number }>(
        "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'reader') RETURNING id",
        [`to-edit-${Date.now()}@example.com`],
      );
      return [
        editUserApi,
        { params: { id: u!.id }, body: { email: `edited-${Date.now()}@example.com`, role: "admin" } },
      ];
    },
  },
  "privacy-erase-person": {
    action: "privacy.erase",
    as: "root_admin",
    make: async () => [privacyErasePersonApi, { body: { email: `erase-${Date.now()}@example.org` } }],
  },
  webhooks: {
    action: "webhook.create",
    as: "root_admin",
    make: async () => [
      addWebhookApi,
      { body: { url: `http://127.0.0.1:9/audited-${Date.now()}`, events: ["lead.created"] } },
    ],
  },
  "webhook-delete": {
    action: "webhook.delete",
    as: "root_admin",
    make: async () => [deleteWebhookApi, { params: { id: await insertWebhook() } }],
  },
  "webhook-retry": {
    action: "webhook.retry",
    as: "root_admin",
    make: async () => {
      const id = await insertWebhook();
      const [d] = await db.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, created_at)
         VALUES ($1, 'msg_' || md5(random()::text), 'lead.created', '{"data":{}}', 'failed', now()) RETURNING id`,
        [id],
      );
      return [retryWebhookApi, { params: { id, delivery: d!.id } }];
    },
  },
  "webhook-test": {
    action: "webhook.test",
    as: "root_admin",
    make: async () => [testWebhookApi, { params: { id: await insertWebhook() } }],
  },
  "delete-user": {
    action: "user.delete",
    as: "root_admin",
    make: async () => {
      const [u] = await db.query<{ id: number }>(
        "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'reader') RETURNING id",
        [`to-delete-${Date.now()}@example.com`],
      );
      return [deleteUserApi, { params: { id: u!.id } }];
    },
  },
  "update-profile": {
    action: "profile.update",
    as: "admin",
    make: async () => [
      updateProfileApi,
      { form: postForm({}, { profileImage: [await pngBytes(), "me.png", "image/png"] }) },
    ],
  },
  sessions: {
    action: "session.end",
    as: "admin",
    make: async () => {
      const deps = { db, now: () => new Date(), secret: process.env.SESSION_SECRET! };
      const token = await createSession(deps, api.staff.users.admin.id);
      const { sid } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as {
        sid: string;
      };
      return [endSessionApi, { params: { id: publicSessionId(sid) } }];
    },
  },
};

describe("every staff write endpoint records an entry (derived from netlify/functions)", () => {
  it("has a sample change for every staff function that takes a POST, PUT, PATCH or DELETE", async () => {
    const writers = (await staffFunctions(() => api.ports))
      .filter(({ methods }) => methods.some((m) => m !== "GET"))
      .map(({ fn: f }) => f.name)
      .filter((name) => !(name in CHANGES_NOTHING));
    expect(writers.length).toBeGreaterThan(15);
    expect(writers.filter((name) => !(name in SAMPLES)).sort()).toEqual([]);
  });

  it.each(Object.entries(SAMPLES))("%s", async (name, sample) => {
    const from = await lastId();
    const [contract, opts] = await sample.make();
    // The sample's contract is one that the function it is named for serves.
    const paths = (await loadFunctions()).filter((f) => f.name === name).map((f) => f.path);
    expect(paths).toContain(contract.path);
    const res = await api.call(contract, { as: sample.as, ...opts });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    await settled();
    const entries = await entriesAfter(from);
    const entry = entries.find((e) => e.action === sample.action);
    expect(entry, JSON.stringify(entries)).toBeDefined();
    const who = api.staff.users[sample.as].email;
    expect(entry!.actor_email).toBe(who);
    expect(entry!.address).toBeTruthy();
    expect(entry!.entity_id).toBeTruthy();
  });

  it("keeps a short before/after of the changed fields only", async () => {
    const from = await lastId();
    const id = await insertJob(db);
    await api.call(updateJobPostApi, {
      as: "admin",
      body: {
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

  it("records the status a post is given: scheduled, not the published it is stored as", async () => {
    const from = await lastId();
    const publishAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const fields = { author: "A", category: "Servers", content: "C", status: "scheduled", publishAt };
    const res = await api.call(addPostApi, {
      as: "admin",
      form: postForm({ title: `Scheduled ${Date.now()}`, ...fields }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = (await entriesAfter(from)).find((e) => e.action === "post.create")!;
    expect(made.changes.status).toEqual({ from: null, to: "scheduled" });
    // Published now, from scheduled.
    const next = await lastId();
    const edited = await api.call(updatePostApi, {
      as: "admin",
      form: postForm({ id: made.entity_id!, title: "Now out", ...fields, status: "published" }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const [entry] = await entriesAfter(next);
    expect(entry!.changes.status).toEqual({ from: "scheduled", to: "published" });
  });
});

describe("a failed change leaves no entry", () => {
  it("a refused change (404, 409) records nothing", async () => {
    const from = await lastId();
    expect(
      (
        await api.call(updateJobPostApi, {
          as: "admin",
          body: { id: 999999, job_title: "X", required_experience: 1, description: "D" },
        })
      ).status,
    ).toBe(404);
    const [other] = await db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [
      api.staff.users.reader.id,
    ]);
    const [u] = await db.query<{ id: number }>(
      "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'reader') RETURNING id",
      [`taken-${Date.now()}@example.com`],
    );
    // Another account's address: refused by the unique index inside the change's transaction.
    const res = await api.call(editUserApi, {
      as: "root_admin",
      params: { id: u!.id },
      body: { email: other!.email, role: "admin" },
    });
    expect(res.status).toBe(409);
    expect(await entriesAfter(from)).toEqual([]);
    expect(await count(db, "users", "id = $1 AND role = 'reader'", [u!.id])).toBe(1);
  });

  it("when the entry cannot be written, the change is undone with it", async () => {
    const id = await insertJob(db);
    await db.exec(`
      CREATE FUNCTION refuse_job_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'job.update' THEN RAISE EXCEPTION 'audit storage refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_job_entries BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_job_entries();
    `);
    try {
      const res = await api.call(updateJobPostApi, {
        as: "admin",
        body: { id, job_title: "Never stored", required_experience: 9, description: "D" },
      });
      expect(res.status).toBe(500);
      expect(await count(db, "jobs", "id = $1 AND job_title LIKE 'Fixture job%'", [id])).toBe(1);
    } finally {
      await db.exec("DROP TRIGGER refuse_job_entries ON audit_log; DROP FUNCTION refuse_job_entries();");
    }
  });
});

describe("sign-in events", () => {
  const post = (c: Contract, body: unknown, cookie?: string) => api.call(c, { body, cookie });

  it("records sign-ins, failures, the lockout and sign-outs, never the password typed", async () => {
    const from = await lastId();
    const { email, password } = api.staff.users.reader;
    expect((await post(loginApi, { email, password })).status).toBe(200);
    const wrong = "wrong-password-typed-123";
    // The 10th failure locks the address; the 11th attempt is refused.
    for (let i = 0; i < 11; i++) await post(loginApi, { email, password: wrong });
    await post(loginApi, { email: "nobody-here@example.com", password: wrong });
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
    const all = JSON.stringify(await db.query("SELECT * FROM audit_log"));
    expect(all).not.toContain(wrong);
    expect(all).not.toContain(password);
    expect(all).not.toContain("nobody-here@example.com");

    const cookie = await api.staff.cookieFor(api.staff.users.admin.id);
    const out = await lastId();
    expect((await post(logoutApi, {}, cookie)).status).toBe(200);
    expect((await entriesAfter(out)).map((e) => [e.action, e.actor_email])).toEqual([
      ["auth.logout", api.staff.users.admin.email],
    ]);
  }, 60_000);

  it("records a reset request, a wrong code and a reset, never the code or the new password", async () => {
    api.outbox.length = 0;
    const from = await lastId();
    // The reader (locked out above): a reset also lifts the lock. It ends the reader's sessions.
    const email = api.staff.users.reader.email;
    expect((await post(forgotPasswordApi, { email })).status).toBe(200);
    await settled();
    const code = /\b(\d{6})\b/.exec(api.outbox.find((m) => m.to === email)!.text)![1]!;
    const fresh = "another-long-new-password-42";
    const bad = await post(resetPasswordApi, {
      email,
      otp: code === "000000" ? "111111" : "000000",
      new_password: fresh,
      confirm_password: fresh,
    });
    expect(bad.status).toBe(400);
    const ok = await post(resetPasswordApi, {
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
    const all = JSON.stringify(await db.query("SELECT * FROM audit_log"));
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
      const cookie = await api.staff.cookieFor(api.staff.users[who].id);
      expect((await api.call(auditLogApi, { cookie })).status).toBe(want);
      expect((await api.call(auditLogExportApi, { cookie })).status).toBe(want);
    }
    expect((await api.call(auditLogApi)).status).toBe(401);
  });

  it("filters by who, what and dates, and exports the same rows as CSV", async () => {
    await api.call(addJobPostApi, {
      as: "admin",
      body: { job_title: "=Filtered job", required_experience: 1, skills: "", description: "D" },
    });
    const day = new Date().toISOString().slice(0, 10);
    const query = { who: api.staff.users.admin.email.slice(0, 12), action: "job", from: day, to: day };
    const res = await api.call(auditLogApi, { as: "root_admin", query });
    const body = (await res.json()) as { entries: { action: string; who: string }[]; total: number };
    expect(body.total).toBeGreaterThan(0);
    for (const e of body.entries) {
      expect(e.action.startsWith("job.")).toBe(true);
      expect(e.who).toBe(api.staff.users.admin.email);
    }
    const exact = (await (
      await api.call(auditLogApi, { as: "root_admin", query: { action: "job.create" } })
    ).json()) as {
      entries: { action: string }[];
    };
    expect(new Set(exact.entries.map((e) => e.action))).toEqual(new Set(["job.create"]));
    const csv = await api.call(auditLogExportApi, { as: "root_admin", query });
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
    const res = await api.call(auditLogApi, {
      as: "root_admin",
      query: q,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });
});

describe("retention", () => {
  it("the housekeeping job deletes entries older than AUDIT_RETENTION_DAYS and keeps the rest", async () => {
    await db.query(
      `INSERT INTO audit_log (at, actor_email, action) VALUES
         (now() - interval '400 days', 'old@example.com', 'job.create'),
         (now() - interval '40 days', 'recent@example.com', 'job.create')`,
    );
    const run = () => api.schedule("housekeeping");
    let res = await run();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { auditDeleted: number }).auditDeleted).toBeGreaterThanOrEqual(1);
    expect(await count(db, "audit_log", "actor_email = 'old@example.com'")).toBe(0);
    expect(await count(db, "audit_log", "actor_email = 'recent@example.com'")).toBe(1);
    process.env.AUDIT_RETENTION_DAYS = "30";
    resetEnv();
    try {
      res = await run();
      expect(await count(db, "audit_log", "actor_email = 'recent@example.com'")).toBe(0);
    } finally {
      delete process.env.AUDIT_RETENTION_DAYS;
      resetEnv();
    }
  });

  it("refuses a retention that is not a whole number of days from 1 to 3650", async () => {
    for (const bad of ["0", "-5", "1.5", "forever", "4000"]) {
      process.env.AUDIT_RETENTION_DAYS = bad;
      resetEnv();
      expect(() => createApp(new Request("http://localhost:4321/"), undefined, api.ports)).toThrow(
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
