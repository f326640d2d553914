/**
 * The role matrix of every dashboard endpoint: anonymous and a revoked session get 401, a reader
 * reads (200) but gets 403 on any change, admin and root_admin succeed; a refused change leaves
 * the data as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, publicSessionId } from "../../src/server/staff/sessions";
import { createApp } from "../../src/server/http/app";
import type { Db } from "../../src/server/platform/db/db";
import { openApiApi } from "../../src/shared/api/platform";
import type { Contract } from "../../src/shared/api/contract";
import { auditLogApi, auditLogExportApi, overviewApi } from "../../src/shared/audit/api";
import {
  addPostApi,
  adminPostCommentsApi,
  adminPostsApi,
  commentQueueApi,
  deleteCommentApi,
  deletePostApi,
  moderateCommentApi,
  previewPostApi,
  updatePostApi,
  uploadPostImageApi,
} from "../../src/shared/blog/admin-api";
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
import {
  addAssignmentRuleApi,
  assignmentRulesApi,
  deleteAssignmentRuleApi,
  updateAssignmentRuleApi,
} from "../../src/shared/contact/assignment-api";
import {
  addLeadNoteApi,
  assignLeadApi,
  inquiriesApi,
  inquiriesExportApi,
  inquiryFileApi,
  leadOwnersApi,
  leadTimelineApi,
  mergeLeadsApi,
  relatedLeadsApi,
  resendNotificationApi,
  updateInquiryApi,
  updateLeadStageApi,
} from "../../src/shared/contact/leads-api";
import { privacyErasePersonApi, privacyOverviewApi, privacySearchApi } from "../../src/shared/privacy/api";
import { endSessionApi, sessionsApi } from "../../src/shared/staff/api";
import { availabilityApi, renewCalendarFeedApi, updateAvailabilityApi } from "../../src/shared/booking/api";
import {
  addCaseStudyApi,
  addProofItemApi,
  caseStudiesApi,
  deleteCaseStudyApi,
  deleteProofItemApi,
  proofItemsApi,
  updateCaseStudyApi,
  updateProofItemApi,
  uploadLogoApi,
} from "../../src/shared/site/api";
import {
  addWebhookApi,
  deleteWebhookApi,
  retryWebhookApi,
  testWebhookApi,
  webhookDeliveriesApi,
  webhooksApi,
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
  storeResume,
} from "../helpers/dashboard-fixtures";
import {
  addSubprocessorApi,
  adminTrustDocumentsApi,
  approveTrustRequestApi,
  deleteSubprocessorApi,
  deleteTrustDocumentApi,
  denyTrustRequestApi,
  publishTrustDocumentApi,
  unpublishTrustDocumentApi,
  updateSubprocessorApi,
  uploadTrustDocumentApi,
} from "../../src/shared/trust/api";
import { ACCOUNT_FUNCTIONS, covers, staffFunctions } from "../helpers/staff-functions";
import { CALLERS, type Caller } from "../helpers/staff-matrix";

let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness();
});
afterAll(() => api.close());

const storage = () => createApp(new Request("http://localhost:4321/"), undefined, api.ports).open.storage();

interface Case {
  /** What to call the contract with (ids, query, body). */
  call: CallOptions;
  /** True when the change this call asks for is in the database. */
  changed?: (db: Db) => Promise<boolean>;
}

interface Row {
  /** Its roles say who may call it; its method and path name the row. */
  contract: Contract;
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

const ROWS: Row[] = [
  {
    contract: adminPostsApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: adminPostCommentsApi,
    ok: 200,
    make: async (db) => ({ call: { params: { postId: await insertPost(db) } } }),
  },
  {
    contract: addPostApi,
    ok: 201,
    make: async () => {
      const title = `Matrix post ${Math.random()}`;
      return {
        call: { form: postForm({ title, author: "A", category: "Servers", content: "C" }) },
        changed: async (db) => (await count(db, "posts", "title = $1", [title])) > 0,
      };
    },
  },
  {
    contract: previewPostApi,
    ok: 200,
    make: async () => ({ call: { body: { content: "## Hello" } } }),
  },
  {
    contract: uploadPostImageApi,
    ok: 201,
    make: async () => {
      const { default: sharp } = await import("sharp");
      const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#123456" } })
        .png()
        .toBuffer();
      return {
        call: {
          form: postForm({ alt: "A chart" }, { image: [new Uint8Array(png), "chart.png", "image/png"] }),
        },
      };
    },
  },
  {
    contract: updatePostApi,
    ok: 200,
    make: async (db) => {
      const id = await insertPost(db);
      return {
        call: {
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
    contract: deletePostApi,
    ok: 200,
    make: async (db) => {
      const id = await insertPost(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "posts", "id = $1", [id])) === 0,
      };
    },
  },
  {
    contract: deleteCommentApi,
    ok: 200,
    make: async (db) => {
      const id = await insertComment(db, await insertPost(db));
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "comments", "id = $1", [id])) === 0,
      };
    },
  },
  {
    contract: commentQueueApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: moderateCommentApi,
    ok: 200,
    make: async (db) => {
      const id = await insertComment(db, await insertPost(db));
      await db.query("UPDATE comments SET status = 'held', held_reasons = '{links}' WHERE id = $1", [id]);
      return {
        call: { body: { id, action: "approve" } },
        changed: async (d) => (await count(d, "comments", "id = $1 AND status = 'published'", [id])) > 0,
      };
    },
  },
  {
    contract: adminCommentsApi,
    ok: 200,
    make: async () => ({ call: { query: { filter: "unanswered" } } }),
  },
  {
    contract: updateFaqApi,
    ok: 200,
    make: async (db) => {
      const id = await insertFaq(db);
      return {
        call: { body: { id, answer: "Yes." } },
        changed: async (d) => (await count(d, "faqs", "id = $1 AND answer IS NOT NULL", [id])) > 0,
      };
    },
  },
  {
    contract: deleteFaqApi,
    ok: 200,
    make: async (db) => {
      const id = await insertFaq(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "faqs", "id = $1", [id])) === 0,
      };
    },
  },
  {
    contract: adminJobsApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: addJobPostApi,
    ok: 201,
    make: async () => {
      const title = `Matrix job ${Math.random()}`;
      return {
        call: { body: { job_title: title, required_experience: 2, skills: "", description: "D" } },
        changed: async (db) => (await count(db, "jobs", "job_title = $1", [title])) > 0,
      };
    },
  },
  {
    contract: updateJobPostApi,
    ok: 200,
    make: async (db) => {
      const id = await insertJob(db);
      return {
        call: { body: { id, job_title: "Changed", required_experience: 3, description: "D" } },
        changed: async (d) => (await count(d, "jobs", "id = $1 AND job_title = 'Changed'", [id])) > 0,
      };
    },
  },
  {
    contract: deleteJobPostApi,
    ok: 200,
    make: async (db) => {
      const id = await insertJob(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "jobs", "id = $1", [id])) === 0,
      };
    },
  },
  {
    contract: applicationsApi,
    ok: 200,
    make: async () => ({ call: { query: { status: "New" } } }),
  },
  {
    contract: applicationDataApi,
    ok: 200,
    make: async () => ({ call: { query: { page: 1 } } }),
  },
  {
    contract: updateApplicationStatusApi,
    ok: 200,
    make: async (db) => {
      const id = await insertApplication(db);
      return {
        call: { body: { id, status: "Maybe" } },
        changed: async (d) => (await count(d, "applications", "id = $1 AND status = 'Maybe'", [id])) > 0,
      };
    },
  },
  {
    contract: resumeLinkApi,
    ok: 200,
    make: async (db) => ({
      call: {
        params: { id: await insertApplication(db, { resumeKey: await storeResume(await storage()) }) },
      },
    }),
  },
  {
    contract: inquiriesApi,
    ok: 200,
    make: async () => ({ call: { query: { handled: "false" } } }),
  },
  {
    contract: inquiriesExportApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: updateInquiryApi,
    ok: 200,
    make: async (db) => {
      const id = await insertInquiry(db);
      return {
        call: { body: { id, handled: true } },
        changed: async (d) => (await count(d, "inquiries", "id = $1 AND handled", [id])) > 0,
      };
    },
  },
  {
    contract: resendNotificationApi,
    ok: 200,
    make: async (db) => {
      const id = await insertInquiry(db);
      const sent = "status = 'sent' AND kind = 'inquiry' AND ref_table = 'inquiries' AND ref_id = $1";
      return {
        call: { body: { id } },
        changed: async (d) => (await count(d, "mail_log", sent, [id])) > 0,
      };
    },
  },
  {
    contract: inquiryFileApi,
    ok: 200,
    make: async (db) => ({
      call: { params: { id: await insertInquiry(db, { fileKey: await storeResume(await storage()) }) } },
    }),
  },
  {
    contract: updateLeadStageApi,
    ok: 200,
    make: async (db) => {
      const id = await insertInquiry(db);
      return {
        call: { body: { id, stage: "Qualified", expected: "New" } },
        changed: async (d) => (await count(d, "inquiries", "id = $1 AND stage = 'Qualified'", [id])) > 0,
      };
    },
  },
  {
    contract: assignLeadApi,
    ok: 200,
    make: async (db) => {
      const id = await insertInquiry(db);
      return {
        call: { body: { id, owner: api.staff.users.admin.id } },
        changed: async (d) => (await count(d, "inquiries", "id = $1 AND owner_id IS NOT NULL", [id])) > 0,
      };
    },
  },
  {
    contract: addLeadNoteApi,
    ok: 201,
    make: async (db) => {
      const id = await insertInquiry(db);
      return {
        call: { body: { id, body: "Called; send a proposal." } },
        changed: async (d) =>
          (await count(d, "inquiry_events", "inquiry_id = $1 AND kind = 'note'", [id])) > 0,
      };
    },
  },
  {
    contract: leadTimelineApi,
    ok: 200,
    make: async (db) => ({ call: { params: { id: await insertInquiry(db) } } }),
  },
  {
    contract: relatedLeadsApi,
    ok: 200,
    make: async (db) => ({ call: { params: { id: await insertInquiry(db) } } }),
  },
  {
    contract: mergeLeadsApi,
    ok: 200,
    make: async (db) => {
      const from = await insertInquiry(db);
      const into = await insertInquiry(db);
      return {
        call: { body: { from, into } },
        changed: async (d) => (await count(d, "inquiries", "id = $1 AND merged_into = $2", [from, into])) > 0,
      };
    },
  },
  {
    contract: assignmentRulesApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: addAssignmentRuleApi,
    ok: 201,
    make: async () => {
      const name = `Matrix ${Math.random().toString(36).slice(2)}`;
      return {
        call: { body: { name, members: [String(api.staff.users.admin.id)], enabled: false } },
        changed: async (d) => (await count(d, "assignment_rules", "name = $1", [name])) > 0,
      };
    },
  },
  {
    contract: updateAssignmentRuleApi,
    ok: 200,
    make: async (db) => {
      const id = await insertRule(db, api.staff.users.admin.id);
      return {
        call: {
          params: { id },
          body: { name: "Renamed", members: [String(api.staff.users.admin.id)], enabled: false },
        },
        changed: async (d) => (await count(d, "assignment_rules", "id = $1 AND name = 'Renamed'", [id])) > 0,
      };
    },
  },
  {
    contract: deleteAssignmentRuleApi,
    ok: 200,
    make: async (db) => {
      const id = await insertRule(db, api.staff.users.admin.id);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "assignment_rules", "id = $1", [id])) === 0,
      };
    },
  },
  { contract: caseStudiesApi, ok: 200, make: async () => ({ call: {} }) },
  {
    contract: addCaseStudyApi,
    ok: 201,
    make: async () => {
      const title = `Matrix case study ${Math.random().toString(36).slice(2)}`;
      return {
        call: { body: { ...STUDY, title } },
        changed: async (d) => (await count(d, "case_studies", "title = $1", [title])) > 0,
      };
    },
  },
  {
    contract: updateCaseStudyApi,
    ok: 200,
    make: async (db) => {
      const id = await insertStudy(db);
      return {
        call: { params: { id }, body: { status: "published" } },
        changed: async (d) => (await count(d, "case_studies", "id = $1 AND status = 'published'", [id])) > 0,
      };
    },
  },
  {
    contract: deleteCaseStudyApi,
    ok: 200,
    make: async (db) => {
      const id = await insertStudy(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "case_studies", "id = $1", [id])) === 0,
      };
    },
  },
  { contract: proofItemsApi, ok: 200, make: async () => ({ call: {} }) },
  {
    contract: addProofItemApi,
    ok: 201,
    make: async () => {
      const name = `Matrix client ${Math.random().toString(36).slice(2)}`;
      return {
        call: { body: { kind: "client", name, mark: "wave" } },
        changed: async (d) => (await count(d, "proof_items", "name = $1", [name])) > 0,
      };
    },
  },
  {
    contract: updateProofItemApi,
    ok: 200,
    make: async (db) => {
      const id = await insertClient(db);
      return {
        call: { params: { id }, body: { name: "Renamed client" } },
        changed: async (d) =>
          (await count(d, "proof_items", "id = $1 AND name = 'Renamed client'", [id])) > 0,
      };
    },
  },
  {
    contract: deleteProofItemApi,
    ok: 200,
    make: async (db) => {
      const id = await insertClient(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "proof_items", "id = $1", [id])) === 0,
      };
    },
  },
  {
    contract: uploadLogoApi,
    ok: 200,
    make: async (db) => {
      const id = await insertClient(db);
      const { default: sharp } = await import("sharp");
      const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#123456" } })
        .png()
        .toBuffer();
      return {
        call: {
          params: { id },
          form: postForm({}, { logo: [new Uint8Array(png), "logo.png", "image/png"] }),
        },
        changed: async (d) => (await count(d, "proof_items", "id = $1 AND logo IS NOT NULL", [id])) > 0,
      };
    },
  },
  {
    contract: approveTrustRequestApi,
    ok: 200,
    make: async (db) => {
      const id = await insertTrustRequest(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "trust_requests", "id = $1 AND status = 'approved'", [id])) > 0,
      };
    },
  },
  {
    contract: denyTrustRequestApi,
    ok: 200,
    make: async (db) => {
      const id = await insertTrustRequest(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "trust_requests", "id = $1 AND status = 'denied'", [id])) > 0,
      };
    },
  },
  {
    contract: addSubprocessorApi,
    ok: 201,
    make: async () => {
      const name = `Matrix ${Math.random().toString(36).slice(2)}`;
      return {
        call: { body: { name, purpose: "Hosting", location: "United States", transfer: "None" } },
        changed: async (d) => (await count(d, "subprocessors", "name = $1", [name])) > 0,
      };
    },
  },
  {
    contract: updateSubprocessorApi,
    ok: 200,
    make: async (db) => {
      const id = await insertSubprocessor(db);
      return {
        call: {
          params: { id },
          body: { name: "Renamed", purpose: "Hosting", location: "India", transfer: "SCCs" },
        },
        changed: async (d) => (await count(d, "subprocessors", "id = $1 AND name = 'Renamed'", [id])) > 0,
      };
    },
  },
  {
    contract: deleteSubprocessorApi,
    ok: 200,
    make: async (db) => {
      const id = await insertSubprocessor(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "subprocessors", "id = $1", [id])) === 0,
      };
    },
  },
  // The trust center's documents: listed for every reader of the site's content, changed by admins.
  {
    contract: adminTrustDocumentsApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: uploadTrustDocumentApi,
    ok: 201,
    make: async () => {
      const title = `Matrix document ${Math.random().toString(36).slice(2)}`;
      return {
        call: { body: { title, access: "public", size: 1000 } },
        changed: async (d) => (await count(d, "trust_documents", "title = $1", [title])) > 0,
      };
    },
  },
  {
    contract: publishTrustDocumentApi,
    ok: 200,
    make: async (db) => {
      const id = await insertTrustDocument(db, { fileKey: await storeResume(await storage()) });
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "trust_documents", "id = $1 AND published", [id])) > 0,
      };
    },
  },
  {
    contract: unpublishTrustDocumentApi,
    ok: 200,
    make: async (db) => {
      const id = await insertTrustDocument(db, {
        published: true,
        fileKey: await storeResume(await storage()),
      });
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "trust_documents", "id = $1 AND NOT published", [id])) > 0,
      };
    },
  },
  {
    contract: deleteTrustDocumentApi,
    ok: 200,
    make: async (db) => {
      const id = await insertTrustDocument(db, { fileKey: await storeResume(await storage()) });
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "trust_documents", "id = $1", [id])) === 0,
      };
    },
  },
  {
    contract: leadOwnersApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: overviewApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  // A lead owner's own availability for calls, and their calendar feed's address.
  { contract: availabilityApi, ok: 200, make: async () => ({ call: {} }) },
  {
    contract: updateAvailabilityApi,
    ok: 200,
    make: async () => ({
      call: { body: { timeZone: "Asia/Kolkata", weekly: ["09:00-17:00", "", "", "", "", "", ""] } },
    }),
  },
  { contract: renewCalendarFeedApi, ok: 200, make: async () => ({ call: {} }) },
  // The audit trail is the root_admin's alone.
  {
    contract: auditLogApi,
    ok: 200,
    make: async () => ({ call: { query: { action: "lead" } } }),
  },
  {
    contract: auditLogExportApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  // The Privacy screen is the root_admin's alone.
  {
    contract: privacySearchApi,
    ok: 200,
    make: async () => ({ call: { query: { email: "someone@example.org" } } }),
  },
  {
    contract: privacyOverviewApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: privacyErasePersonApi,
    ok: 200,
    make: async (db) => {
      const email = `erase-${Math.random().toString(36).slice(2)}@example.org`;
      await insertComment(db, await insertPost(db), email);
      return {
        call: { body: { email } },
        changed: async (d) => (await count(d, "comments", "email = $1", [email])) === 0,
      };
    },
  },
  // Webhooks to the sales CRM are the root_admin's alone.
  {
    contract: webhooksApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: addWebhookApi,
    ok: 201,
    make: async () => {
      const url = `http://127.0.0.1:9/matrix-${Math.random().toString(36).slice(2)}`;
      return {
        call: { body: { url, events: ["lead.created"] } },
        changed: async (d) => (await count(d, "webhook_endpoints", "url = $1", [url])) > 0,
      };
    },
  },
  {
    contract: deleteWebhookApi,
    ok: 200,
    make: async (db) => {
      const id = await insertWebhook(db);
      return {
        call: { params: { id } },
        changed: async (d) => (await count(d, "webhook_endpoints", "id = $1", [id])) === 0,
      };
    },
  },
  {
    contract: webhookDeliveriesApi,
    ok: 200,
    make: async (db) => ({ call: { params: { id: await insertWebhook(db) } } }),
  },
  {
    contract: retryWebhookApi,
    ok: 200,
    make: async (db) => {
      const id = await insertWebhook(db);
      const [d] = await db.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, created_at)
         VALUES ($1, 'msg_' || md5(random()::text), 'lead.created', '{"data":{}}', 'failed', now()) RETURNING id`,
        [id],
      );
      return {
        call: { params: { id, delivery: d!.id } },
        changed: async (x) => (await count(x, "webhook_attempts", "delivery_id = $1", [d!.id])) > 0,
      };
    },
  },
  {
    contract: testWebhookApi,
    ok: 200,
    make: async (db) => {
      const id = await insertWebhook(db);
      return {
        call: { params: { id } },
        // Nothing is stored but the entry of the trail: that is what a refused caller must not leave.
        changed: async (x) =>
          (await count(x, "audit_log", "action = 'webhook.test' AND entity_id = $1", [String(id)])) > 0,
      };
    },
  },
  // The API's document is for every signed-in member.
  {
    contract: openApiApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  // Every signed-in user sees and ends their own sessions (signing out a device is never a
  // change to the company's data), so a reader gets the same answer as an admin here.
  {
    contract: sessionsApi,
    ok: 200,
    make: async () => ({ call: {} }),
  },
  {
    contract: endSessionApi,
    ok: 200,
    make: async (db, caller) => {
      // Without a session, the call names another session of an admin: it must stay open.
      const owner = caller === "anonymous" || caller === "revoked" ? "admin" : caller;
      const handle = await otherSession(db, api.staff.users[owner].id);
      return {
        call: { params: { id: handle } },
        changed: async (d) =>
          (await count(d, "sessions", "public_id = $1 AND revoked_at IS NOT NULL", [handle])) > 0,
      };
    },
  },
];

/** A case study as the screen sends it. */
const STUDY = {
  client: "A US retailer",
  anonymised: true,
  industry: "Retail",
  location: "Ohio, USA",
  services: ["/data-warehousing"],
  summary: "A retailer moved its reports to a warehouse and now reads yesterday's sales at eight.",
  challenge: "Reports were built by hand each week from six systems that never agreed on revenue.",
  results: [
    { value: "8 am", label: "yesterday's sales in every store" },
    { value: "6", label: "systems in one warehouse" },
    { value: "1", label: "revenue figure for every team" },
  ],
  duration: "7 months",
  publishedOn: "2025-09-09",
};

/** A draft case study. */
async function insertStudy(db: Db): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO case_studies (slug, title, client, industry, location, services, summary, challenge, results,
       duration, published_on)
     VALUES ($1, 'Matrix case study title', 'Client', 'Industry', 'Place', '{/data-warehousing}',
       $2, $2, $3::jsonb, '1 month', '2025-01-01') RETURNING id`,
    [`matrix-${Math.random().toString(36).slice(2)}`, "x".repeat(60), JSON.stringify(STUDY.results)],
  );
  return row!.id;
}

/** A draft client. */
async function insertClient(db: Db): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO proof_items (kind, name, mark) VALUES ('client', 'Matrix client', 'circle') RETURNING id",
  );
  return row!.id;
}

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
function expected(row: Row, caller: Caller): number {
  if (caller === "anonymous" || caller === "revoked") return 401;
  return (row.contract.roles as readonly string[]).includes(caller) ? row.ok : 403;
}

const ENDPOINTS = ROWS.map((row) => ({ ...row, name: `${row.contract.method} ${row.contract.path}` }));

describe.each(ENDPOINTS)("$name", (ep) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const c = await ep.make(api.db.db, caller);
    const res = await api.call(ep.contract, { ...c.call, as: caller });
    const want = expected(ep, caller);
    expect(res.status, await res.clone().text()).toBe(want);
    if (want >= 400) expect(((await res.json()) as { error: string }).error).toBeTruthy();
    if (c.changed) expect(await c.changed(api.db.db)).toBe(want < 400);
  });
});

it("has a row for every staff function outside user accounts (derived from netlify/functions)", async () => {
  const mine = (await staffFunctions(() => api.ports)).filter(({ fn }) => !ACCOUNT_FUNCTIONS.has(fn.name));
  expect(mine.length).toBeGreaterThan(15);
  const names = ENDPOINTS.map((e) => e.name);
  expect(mine.filter(({ fn }) => !covers(names, fn)).map(({ fn }) => fn.path)).toEqual([]);
});
