/**
 * The role matrix of every dashboard endpoint: anonymous and a revoked session get 401, a reader
 * reads (200) but gets 403 on any change, admin and root_admin succeed; a refused change leaves
 * the data as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import addJobPost from "../../netlify/functions/add-job-post";
import addPost from "../../netlify/functions/add-post";
import adminComments from "../../netlify/functions/admin-comments";
import adminJobs from "../../netlify/functions/admin-jobs";
import adminPostComments from "../../netlify/functions/admin-post-comments";
import adminPosts from "../../netlify/functions/admin-posts";
import applications from "../../netlify/functions/applications";
import deleteComment from "../../netlify/functions/delete-comment";
import commentQueue from "../../netlify/functions/comment-queue";
import moderateComment from "../../netlify/functions/moderate-comment";
import deleteFaq from "../../netlify/functions/delete-faq";
import deleteJobPost from "../../netlify/functions/delete-job-post";
import deletePost from "../../netlify/functions/delete-post";
import inquiries from "../../netlify/functions/inquiries";
import inquiriesExport from "../../netlify/functions/inquiries-export";
import inquiryFile from "../../netlify/functions/inquiry-file";
import previewPost from "../../netlify/functions/preview-post";
import uploadPostImage from "../../netlify/functions/upload-post-image";
import resumeLink from "../../netlify/functions/resume-link";
import updateApplicationStatus from "../../netlify/functions/update-application-status";
import updateFaq from "../../netlify/functions/update-faq";
import updateInquiry from "../../netlify/functions/update-inquiry";
import resendNotification from "../../netlify/functions/resend-notification";
import updateLeadStage from "../../netlify/functions/update-lead-stage";
import assignLead from "../../netlify/functions/assign-lead";
import addLeadNote from "../../netlify/functions/add-lead-note";
import leadTimeline from "../../netlify/functions/lead-timeline";
import leadOwners from "../../netlify/functions/lead-owners";
import leadRelated from "../../netlify/functions/lead-related";
import assignmentRules from "../../netlify/functions/assignment-rules";
import assignmentRule from "../../netlify/functions/assignment-rule";
import mergeLeads from "../../netlify/functions/merge-leads";
import overview from "../../netlify/functions/overview";
import auditLog from "../../netlify/functions/audit-log";
import auditLogExport from "../../netlify/functions/audit-log-export";
import updateJobPost from "../../netlify/functions/update-job-post";
import updatePost from "../../netlify/functions/update-post";
import sessions from "../../netlify/functions/sessions";
import privacySearch from "../../netlify/functions/privacy-search";
import privacyErasePerson from "../../netlify/functions/privacy-erase-person";
import privacyOverview from "../../netlify/functions/privacy-overview";
import webhooks from "../../netlify/functions/webhooks";
import webhookDelete from "../../netlify/functions/webhook-delete";
import webhookDeliveries from "../../netlify/functions/webhook-deliveries";
import webhookRetry from "../../netlify/functions/webhook-retry";
import openapi from "../../netlify/functions/openapi";
import { createSession, publicSessionId } from "../../src/server/staff/sessions";
import { createApp } from "../../src/server/http/endpoint";
import type { Db } from "../../src/server/platform/db/db";
import { apiDb, type TestDb } from "../helpers/db";
import { call, postForm, type CallInit, type Handler } from "../helpers/dashboard-call";
import {
  count,
  insertApplication,
  insertComment,
  insertFaq,
  insertInquiry,
  insertJob,
  insertPost,
  storeResume,
} from "../helpers/dashboard-fixtures";
import { ACCOUNT_FUNCTIONS, covers, staffFunctions } from "../helpers/staff-functions";
import { contractOf } from "../helpers/endpoints";
import { CALLERS, staffSessions, type Caller, type StaffCookies } from "../helpers/dashboard-sessions";
import type { GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts, CallInit.ports). */
let ports: GivenPorts = {};

let t: TestDb;
let s: StaffCookies;
beforeAll(async () => {
  t = await apiDb();
  ports = { db: t.db };
  s = await staffSessions(t.db);
});
afterAll(async () => {
  await t.close();
});

const storage = () => createApp(new Request("http://localhost:4321/"), undefined, ports).open.storage();

interface Case {
  path: string;
  init: Omit<CallInit, "cookie">;
  /** True when the change this call asks for is in the database. */
  changed?: (db: Db) => Promise<boolean>;
}

interface Endpoint {
  /** "METHOD /api/path": its contract says which roles may call it. */
  name: string;
  handler: Handler;
  ok: number;
  make: (db: Db, caller: Caller) => Promise<Case>;
}

/** Opens one more session for the user (another device) and returns its public handle. */
async function otherSession(db: Db, userId: number): Promise<string> {
  const deps = { db, now: () => new Date(), secret: process.env.SESSION_SECRET! };
  const token = await createSession(deps, userId);
  const { sid } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as {
    sid: string;
  };
  return publicSessionId(sid);
}

const ENDPOINTS: Endpoint[] = [
  {
    name: "GET /api/admin-posts",
    handler: adminPosts,
    ok: 200,
    make: async () => ({ path: "/api/admin-posts", init: {} }),
  },
  {
    name: "GET /api/admin-post-comments/:postId",
    handler: adminPostComments,
    ok: 200,
    make: async (db) => ({ path: `/api/admin-post-comments/${await insertPost(db)}`, init: {} }),
  },
  {
    name: "POST /api/add-post",
    handler: addPost,
    ok: 201,
    make: async () => {
      const title = `Matrix post ${Math.random()}`;
      return {
        path: "/api/add-post",
        init: { form: postForm({ title, author: "A", category: "Servers", content: "C" }) },
        changed: async (db) => (await count(db, "posts", "title = $1", [title])) > 0,
      };
    },
  },
  {
    name: "POST /api/preview-post",
    handler: previewPost,
    ok: 200,
    make: async () => ({ path: "/api/preview-post", init: { json: { content: "## Hello" } } }),
  },
  {
    name: "POST /api/upload-post-image",
    handler: uploadPostImage,
    ok: 201,
    make: async () => {
      const { default: sharp } = await import("sharp");
      const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#123456" } })
        .png()
        .toBuffer();
      return {
        path: "/api/upload-post-image",
        init: {
          form: postForm({ alt: "A chart" }, { image: [new Uint8Array(png), "chart.png", "image/png"] }),
        },
      };
    },
  },
  {
    name: "POST /api/update-post",
    handler: updatePost,
    ok: 200,
    make: async (db) => {
      const id = await insertPost(db);
      return {
        path: "/api/update-post",
        init: {
          form: postForm({
            id: String(id),
            title: "Changed",
            author: "A",
            category: "Servers",
            content: "C",
          }),
        },
        changed: async (d) => (await count(d, "posts", "id = $1 AND title = 'Changed'", [id])) > 0,
      };
    },
  },
  {
    name: "DELETE /api/delete-post/:id",
    handler: deletePost,
    ok: 200,
    make: async (db) => {
      const id = await insertPost(db);
      return {
        path: `/api/delete-post/${id}`,
        init: { method: "DELETE" },
        changed: async (d) => (await count(d, "posts", "id = $1", [id])) === 0,
      };
    },
  },
  {
    name: "DELETE /api/delete-comment/:id",
    handler: deleteComment,
    ok: 200,
    make: async (db) => {
      const id = await insertComment(db, await insertPost(db));
      return {
        path: `/api/delete-comment/${id}`,
        init: { method: "DELETE" },
        changed: async (d) => (await count(d, "comments", "id = $1", [id])) === 0,
      };
    },
  },
  {
    name: "GET /api/comment-queue",
    handler: commentQueue,
    ok: 200,
    make: async () => ({ path: "/api/comment-queue", init: {} }),
  },
  {
    name: "POST /api/moderate-comment",
    handler: moderateComment,
    ok: 200,
    make: async (db) => {
      const id = await insertComment(db, await insertPost(db));
      await db.query("UPDATE comments SET status = 'held', held_reasons = '{links}' WHERE id = $1", [id]);
      return {
        path: "/api/moderate-comment",
        init: { json: { id, action: "approve" } },
        changed: async (d) => (await count(d, "comments", "id = $1 AND status = 'published'", [id])) > 0,
      };
    },
  },
  {
    name: "GET /api/admin-comments",
    handler: adminComments,
    ok: 200,
    make: async () => ({ path: "/api/admin-comments?filter=unanswered", init: {} }),
  },
  {
    name: "POST /api/update-faq",
    handler: updateFaq,
    ok: 200,
    make: async (db) => {
      const id = await insertFaq(db);
      return {
        path: "/api/update-faq",
        init: { json: { id, answer: "Yes." } },
        changed: async (d) => (await count(d, "faqs", "id = $1 AND answer IS NOT NULL", [id])) > 0,
      };
    },
  },
  {
    name: "DELETE /api/delete-faq/:id",
    handler: deleteFaq,
    ok: 200,
    make: async (db) => {
      const id = await insertFaq(db);
      return {
        path: `/api/delete-faq/${id}`,
        init: { method: "DELETE" },
        changed: async (d) => (await count(d, "faqs", "id = $1", [id])) === 0,
      };
    },
  },
  {
    name: "GET /api/admin-jobs",
    handler: adminJobs,
    ok: 200,
    make: async () => ({ path: "/api/admin-jobs", init: {} }),
  },
  {
    name: "POST /api/add-job-post",
    handler: addJobPost,
    ok: 201,
    make: async () => {
      const title = `Matrix job ${Math.random()}`;
      return {
        path: "/api/add-job-post",
        init: { json: { job_title: title, required_experience: 2, skills: "", description: "D" } },
        changed: async (db) => (await count(db, "jobs", "job_title = $1", [title])) > 0,
      };
    },
  },
  {
    name: "POST /api/update-job-post",
    handler: updateJobPost,
    ok: 200,
    make: async (db) => {
      const id = await insertJob(db);
      return {
        path: "/api/update-job-post",
        init: { json: { id, job_title: "Changed", required_experience: 3, description: "D" } },
        changed: async (d) => (await count(d, "jobs", "id = $1 AND job_title = 'Changed'", [id])) > 0,
      };
    },
  },
  {
    name: "DELETE /api/delete-job-post/:id",
    handler: deleteJobPost,
    ok: 200,
    make: async (db) => {
      const id = await insertJob(db);
      return {
        path: `/api/delete-job-post/${id}`,
        init: { method: "DELETE" },
        changed: async (d) => (await count(d, "jobs", "id = $1", [id])) === 0,
      };
    },
  },
  {
    name: "GET /api/applications",
    handler: applications,
    ok: 200,
    make: async () => ({ path: "/api/applications?status=New", init: {} }),
  },
  {
    name: "GET /api/application_data",
    handler: applications,
    ok: 200,
    make: async () => ({ path: "/api/application_data?page=1", init: {} }),
  },
  {
    name: "POST /api/update-application-status",
    handler: updateApplicationStatus,
    ok: 200,
    make: async (db) => {
      const id = await insertApplication(db);
      return {
        path: "/api/update-application-status",
        init: { json: { id, status: "Maybe" } },
        changed: async (d) => (await count(d, "applications", "id = $1 AND status = 'Maybe'", [id])) > 0,
      };
    },
  },
  {
    name: "GET /api/resume-link/:id",
    handler: resumeLink,
    ok: 200,
    make: async (db) => ({
      path: `/api/resume-link/${await insertApplication(db, { resumeKey: await storeResume(await storage()) })}`,
      init: {},
    }),
  },
  {
    name: "GET /api/inquiries",
    handler: inquiries,
    ok: 200,
    make: async () => ({ path: "/api/inquiries?handled=false", init: {} }),
  },
  {
    name: "GET /api/inquiries/export",
    handler: inquiriesExport,
    ok: 200,
    make: async () => ({ path: "/api/inquiries/export", init: {} }),
  },
  {
    name: "POST /api/update-inquiry",
    handler: updateInquiry,
    ok: 200,
    make: async (db) => {
      const id = await insertInquiry(db);
      return {
        path: "/api/update-inquiry",
        init: { json: { id, handled: true } },
        changed: async (d) => (await count(d, "inquiries", "id = $1 AND handled", [id])) > 0,
      };
    },
  },
  {
    name: "POST /api/resend-notification",
    handler: resendNotification,
    ok: 200,
    make: async (db) => {
      const id = await insertInquiry(db);
      const sent = "status = 'sent' AND kind = 'inquiry' AND ref_table = 'inquiries' AND ref_id = $1";
      return {
        path: "/api/resend-notification",
        init: { json: { id } },
        changed: async (d) => (await count(d, "mail_log", sent, [id])) > 0,
      };
    },
  },
  {
    name: "GET /api/inquiry-file/:id",
    handler: inquiryFile,
    ok: 200,
    make: async (db) => ({
      path: `/api/inquiry-file/${await insertInquiry(db, { fileKey: await storeResume(await storage()) })}`,
      init: {},
    }),
  },
  {
    name: "POST /api/update-lead-stage",
    handler: updateLeadStage,
    ok: 200,
    make: async (db) => {
      const id = await insertInquiry(db);
      return {
        path: "/api/update-lead-stage",
        init: { json: { id, stage: "Qualified", expected: "New" } },
        changed: async (d) => (await count(d, "inquiries", "id = $1 AND stage = 'Qualified'", [id])) > 0,
      };
    },
  },
  {
    name: "POST /api/assign-lead",
    handler: assignLead,
    ok: 200,
    make: async (db) => {
      const id = await insertInquiry(db);
      return {
        path: "/api/assign-lead",
        init: { json: { id, owner: s.users.admin.id } },
        changed: async (d) => (await count(d, "inquiries", "id = $1 AND owner_id IS NOT NULL", [id])) > 0,
      };
    },
  },
  {
    name: "POST /api/add-lead-note",
    handler: addLeadNote,
    ok: 201,
    make: async (db) => {
      const id = await insertInquiry(db);
      return {
        path: "/api/add-lead-note",
        init: { json: { id, body: "Called; send a proposal." } },
        changed: async (d) =>
          (await count(d, "inquiry_events", "inquiry_id = $1 AND kind = 'note'", [id])) > 0,
      };
    },
  },
  {
    name: "GET /api/lead-timeline/:id",
    handler: leadTimeline,
    ok: 200,
    make: async (db) => ({ path: `/api/lead-timeline/${await insertInquiry(db)}`, init: {} }),
  },
  {
    name: "GET /api/lead-related/:id",
    handler: leadRelated,
    ok: 200,
    make: async (db) => ({ path: `/api/lead-related/${await insertInquiry(db)}`, init: {} }),
  },
  {
    name: "POST /api/merge-leads",
    handler: mergeLeads,
    ok: 200,
    make: async (db) => {
      const from = await insertInquiry(db);
      const into = await insertInquiry(db);
      return {
        path: "/api/merge-leads",
        init: { json: { from, into } },
        changed: async (d) => (await count(d, "inquiries", "id = $1 AND merged_into = $2", [from, into])) > 0,
      };
    },
  },
  {
    name: "GET /api/assignment-rules",
    handler: assignmentRules,
    ok: 200,
    make: async () => ({ path: "/api/assignment-rules", init: {} }),
  },
  {
    name: "POST /api/assignment-rules",
    handler: assignmentRules,
    ok: 201,
    make: async () => {
      const name = `Matrix ${Math.random().toString(36).slice(2)}`;
      return {
        path: "/api/assignment-rules",
        init: { json: { name, members: [String(s.users.admin.id)], enabled: false } },
        changed: async (d) => (await count(d, "assignment_rules", "name = $1", [name])) > 0,
      };
    },
  },
  {
    name: "PUT /api/assignment-rules/:id",
    handler: assignmentRule,
    ok: 200,
    make: async (db) => {
      const id = await insertRule(db, s.users.admin.id);
      return {
        path: `/api/assignment-rules/${id}`,
        init: {
          method: "PUT",
          json: { name: "Renamed", members: [String(s.users.admin.id)], enabled: false },
        },
        changed: async (d) => (await count(d, "assignment_rules", "id = $1 AND name = 'Renamed'", [id])) > 0,
      };
    },
  },
  {
    name: "DELETE /api/assignment-rules/:id",
    handler: assignmentRule,
    ok: 200,
    make: async (db) => {
      const id = await insertRule(db, s.users.admin.id);
      return {
        path: `/api/assignment-rules/${id}`,
        init: { method: "DELETE" },
        changed: async (d) => (await count(d, "assignment_rules", "id = $1", [id])) === 0,
      };
    },
  },
  {
    name: "GET /api/lead-owners",
    handler: leadOwners,
    ok: 200,
    make: async () => ({ path: "/api/lead-owners", init: {} }),
  },
  {
    name: "GET /api/overview",
    handler: overview,
    ok: 200,
    make: async () => ({ path: "/api/overview", init: {} }),
  },
  // The audit trail is the root_admin's alone.
  {
    name: "GET /api/audit-log",
    handler: auditLog,
    ok: 200,
    make: async () => ({ path: "/api/audit-log?action=lead", init: {} }),
  },
  {
    name: "GET /api/audit-log/export",
    handler: auditLogExport,
    ok: 200,
    make: async () => ({ path: "/api/audit-log/export", init: {} }),
  },
  // The Privacy screen is the root_admin's alone.
  {
    name: "GET /api/privacy/search",
    handler: privacySearch,
    ok: 200,
    make: async () => ({ path: "/api/privacy/search?email=someone%40example.org", init: {} }),
  },
  {
    name: "GET /api/privacy/overview",
    handler: privacyOverview,
    ok: 200,
    make: async () => ({ path: "/api/privacy/overview", init: {} }),
  },
  {
    name: "POST /api/privacy/erase-person",
    handler: privacyErasePerson,
    ok: 200,
    make: async (db) => {
      const email = `erase-${Math.random().toString(36).slice(2)}@example.org`;
      await insertComment(db, await insertPost(db), email);
      return {
        path: "/api/privacy/erase-person",
        init: { json: { email } },
        changed: async (d) => (await count(d, "comments", "email = $1", [email])) === 0,
      };
    },
  },
  // Webhooks to the sales CRM are the root_admin's alone.
  {
    name: "GET /api/webhooks",
    handler: webhooks,
    ok: 200,
    make: async () => ({ path: "/api/webhooks", init: {} }),
  },
  {
    name: "POST /api/webhooks",
    handler: webhooks,
    ok: 201,
    make: async () => {
      const url = `http://127.0.0.1:9/matrix-${Math.random().toString(36).slice(2)}`;
      return {
        path: "/api/webhooks",
        init: { json: { url, events: ["lead.created"] } },
        changed: async (d) => (await count(d, "webhook_endpoints", "url = $1", [url])) > 0,
      };
    },
  },
  {
    name: "DELETE /api/webhooks/:id",
    handler: webhookDelete,
    ok: 200,
    make: async (db) => {
      const id = await insertWebhook(db);
      return {
        path: `/api/webhooks/${id}`,
        init: { method: "DELETE" },
        changed: async (d) => (await count(d, "webhook_endpoints", "id = $1", [id])) === 0,
      };
    },
  },
  {
    name: "GET /api/webhooks/:id/deliveries",
    handler: webhookDeliveries,
    ok: 200,
    make: async (db) => ({ path: `/api/webhooks/${await insertWebhook(db)}/deliveries`, init: {} }),
  },
  {
    name: "POST /api/webhooks/:id/deliveries/:delivery/retry",
    handler: webhookRetry,
    ok: 200,
    make: async (db) => {
      const id = await insertWebhook(db);
      const [d] = await db.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, created_at)
         VALUES ($1, 'msg_' || md5(random()::text), 'lead.created', '{"data":{}}', 'failed', now()) RETURNING id`,
        [id],
      );
      return {
        path: `/api/webhooks/${id}/deliveries/${d!.id}/retry`,
        init: { method: "POST" },
        changed: async (x) => (await count(x, "webhook_attempts", "delivery_id = $1", [d!.id])) > 0,
      };
    },
  },
  // The API's document is for every signed-in member.
  {
    name: "GET /api/openapi.json",
    handler: openapi,
    ok: 200,
    make: async () => ({ path: "/api/openapi.json", init: {} }),
  },
  // Every signed-in user sees and ends their own sessions (signing out a device is never a
  // change to the company's data), so a reader gets the same answer as an admin here.
  {
    name: "GET /api/sessions",
    handler: sessions,
    ok: 200,
    make: async () => ({ path: "/api/sessions", init: {} }),
  },
  {
    name: "DELETE /api/sessions/:id",
    handler: sessions,
    ok: 200,
    make: async (db, caller) => {
      // Without a session, the call names another session of an admin: it must stay open.
      const owner = caller === "reader" || caller === "admin" || caller === "root_admin" ? caller : "admin";
      const handle = await otherSession(db, s.users[owner].id);
      return {
        path: `/api/sessions/${handle}`,
        init: { method: "DELETE" },
        changed: async (d) =>
          (await count(d, "sessions", "public_id = $1 AND revoked_at IS NOT NULL", [handle])) > 0,
      };
    },
  },
];

/** A disabled assignment rule (it never takes a lead of another test). */
async function insertRule(db: Db, member: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO assignment_rules (position, name, members, enabled) VALUES (1000, 'Matrix rule', $1, false) RETURNING id",
    [[member]],
  );
  return row!.id;
}

/** A webhook endpoint whose receiver is never there (the discard port). */
async function insertWebhook(db: Db): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO webhook_endpoints (url, events, secret)
     VALUES ('http://127.0.0.1:9/hooks', '{lead.created}', 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=')
     RETURNING id`,
  );
  return row!.id;
}

/** What a caller gets: 401 without a session, 403 for a role the contract does not list. */
function expected(ep: Endpoint, caller: Caller): number {
  if (caller === "anonymous" || caller === "revoked") return 401;
  const [method, path] = ep.name.split(" ") as [string, string];
  return (contractOf(method, path).roles as readonly string[]).includes(caller) ? ep.ok : 403;
}

describe.each(ENDPOINTS)("$name", (ep) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const c = await ep.make(t.db, caller);
    const res = await call(ep.handler, c.path, { ...c.init, cookie: s.cookies[caller], ports });
    const want = expected(ep, caller);
    expect(res.status, await res.clone().text()).toBe(want);
    if (want >= 400) expect(((await res.json()) as { error: string }).error).toBeTruthy();
    if (c.changed) expect(await c.changed(t.db)).toBe(want < 400);
  });
});

it("has a row for every staff function outside user accounts (derived from netlify/functions)", async () => {
  const mine = (await staffFunctions(() => ports)).filter(({ fn }) => !ACCOUNT_FUNCTIONS.has(fn.name));
  expect(mine.length).toBeGreaterThan(15);
  const names = ENDPOINTS.map((e) => e.name);
  expect(mine.filter(({ fn }) => !covers(names, fn)).map(({ fn }) => fn.path)).toEqual([]);
});
