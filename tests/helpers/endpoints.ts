/** Every /api endpoint with a valid sample of its input: the catalogue the hostile-input and
 * fault tests walk through. Who may call each one (a staff session, the self-service page's
 * cookie, anyone) comes from its contract (src/shared/api/). */
import { CONTRACTS } from "../../src/shared/api";
import { methodsOf, type Contract } from "../../src/shared/api/contract";
import { pathPattern } from "../../src/shared/api/route";
import type { EndpointSpec } from "./hostile";

/** The contract of a method and a path with `:name` placeholders ("GET /api/get-comments/:id"). */
export function contractOf(method: string, path: string): Contract {
  const sample = path.replace(/:\w+/g, "1");
  const c = CONTRACTS.find(
    (k) => methodsOf(k).includes(method as Contract["method"]) && pathPattern(k.path).test(sample),
  );
  if (!c) throw new Error(`no contract for ${method} ${path}`);
  return c;
}

type Sample = Omit<EndpointSpec, "staff" | "privacy">;

const SAMPLES: Sample[] = [
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
    path: "/api/report-comment",
    body: "json",
    fields: { id: ["id", "1"] },
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
      marketingConsent: ["optEnum", "no"],
      uploadedFile: ["optFile", ""],
    },
  },
  { method: "GET", path: "/api/check_ack_access" },
  { method: "POST", path: "/api/revoke_ack_access" },
  { method: "GET", path: "/api/geo" },
  { method: "GET", path: "/api/health" },
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
      privacyConsent: ["enum", "yes"],
      talentPool: ["optEnum", "no"],
      resume: ["file", ""],
    },
  },
  // the self-service page /privacy/my-data
  {
    method: "POST",
    path: "/api/privacy/send-code",
    body: "json",
    fields: { email: ["email", "held@example.com"] },
  },
  {
    method: "POST",
    path: "/api/privacy/verify-code",
    body: "json",
    fields: { email: ["email", "held@example.com"], code: ["text", "123456"] },
  },
  { method: "GET", path: "/api/privacy/my-data" },
  { method: "POST", path: "/api/privacy/erase" },
  {
    method: "POST",
    path: "/api/privacy/withdraw",
    body: "json",
    fields: { id: ["id", "1"] },
  },
  {
    method: "POST",
    path: "/api/privacy/extend",
    body: "json",
    fields: { token: ["text", "1.abcdefghijklmnopqrstuvwxyz012345"] },
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
  { method: "GET", path: "/api/profile" },
  {
    method: "POST",
    path: "/api/update-profile",
    body: "multipart",
    fields: { password: ["optText", ""], current_password: ["optText", ""], profileImage: ["optFile", ""] },
  },
  { method: "GET", path: "/api/sessions" },
  { method: "DELETE", path: "/api/sessions/:id" },
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
  { method: "GET", path: "/api/get-users" },
  {
    method: "POST",
    path: "/api/add-user",
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
    body: "json",
    fields: { email: ["email", "new@example.com"], role: ["enum", "reader"] },
  },
  { method: "DELETE", path: "/api/delete-user/:id" },
  // blog admin
  { method: "GET", path: "/api/admin-posts" },
  {
    method: "POST",
    path: "/api/add-post",
    body: "multipart",
    fields: {
      title: ["text", "T"],
      author: ["text", "A"],
      category: ["enum", "Servers"],
      content: ["text", "C"],
      image1: ["optFile", ""],
      image2: ["optFile", ""],
      slug: ["optText", "a-post"],
      status: ["optEnum", "published"],
      format: ["optEnum", "markdown"],
      publishAt: ["optText", "2099-01-01T00:00:00Z"],
    },
  },
  {
    method: "POST",
    path: "/api/preview-post",
    body: "json",
    fields: { content: ["text", "## Hello"], format: ["optEnum", "markdown"] },
  },
  {
    method: "POST",
    path: "/api/upload-post-image",
    body: "multipart",
    fields: { image: ["file", ""], alt: ["optText", "A diagram"] },
  },
  {
    method: "POST",
    path: "/api/update-post",
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
  { method: "DELETE", path: "/api/delete-post/:id" },
  { method: "GET", path: "/api/admin-post-comments/:id" },
  { method: "DELETE", path: "/api/delete-comment/:id" },
  { method: "GET", path: "/api/comment-queue" },
  {
    method: "POST",
    path: "/api/moderate-comment",
    body: "json",
    fields: { id: ["id", "1"], action: ["enum", "approve"] },
  },
  // FAQ answers, jobs, candidates
  { method: "GET", path: "/api/admin-comments", query: { filter: "all" } },
  {
    method: "POST",
    path: "/api/update-faq",
    body: "json",
    fields: { id: ["id", "1"], answer: ["optText", "Yes."] },
  },
  { method: "DELETE", path: "/api/delete-faq/:id" },
  { method: "GET", path: "/api/admin-jobs" },
  {
    method: "POST",
    path: "/api/add-job-post",
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
    body: "json",
    fields: {
      id: ["id", "1"],
      job_title: ["text", "SRE"],
      required_experience: ["number", "3"],
      description: ["text", "Run things."],
    },
  },
  { method: "DELETE", path: "/api/delete-job-post/:id" },
  { method: "GET", path: "/api/applications", query: { status: "New", page: "1" } },
  { method: "GET", path: "/api/application_data", query: { status: "New", page: "1" } },
  {
    method: "POST",
    path: "/api/update-application-status",
    body: "json",
    fields: { id: ["id", "1"], status: ["enum", "Maybe"] },
  },
  { method: "GET", path: "/api/resume-link/:id" },
  // leads
  {
    method: "GET",
    path: "/api/inquiries",
    query: { handled: "false", page: "1", stage: "New", owner: "none", sort: "name" },
  },
  {
    method: "POST",
    path: "/api/update-lead-stage",
    body: "json",
    fields: { id: ["id", "1"], stage: ["enum", "Qualified"], expected: ["optEnum", "New"] },
  },
  {
    method: "POST",
    path: "/api/assign-lead",
    body: "json",
    fields: { id: ["id", "1"], owner: ["optText", "none"] },
  },
  {
    method: "POST",
    path: "/api/add-lead-note",
    body: "json",
    fields: { id: ["id", "1"], body: ["text", "Called them; proposal next week."] },
  },
  { method: "GET", path: "/api/lead-timeline/:id" },
  { method: "GET", path: "/api/lead-related/:id" },
  {
    method: "POST",
    path: "/api/merge-leads",
    body: "json",
    fields: { from: ["id", "1"], into: ["id", "2"] },
  },
  { method: "GET", path: "/api/lead-owners" },
  { method: "GET", path: "/api/assignment-rules", alsoTakes: ["POST"] },
  {
    method: "POST",
    path: "/api/assignment-rules",
    alsoTakes: ["GET"],
    body: "json",
    fields: {
      name: ["text", "Enterprise buyers"],
      companySizes: ["optEnum", "500-Above"],
      budgets: ["optEnum", "$50000-$100000"],
      members: ["id", "1"],
    },
  },
  {
    method: "PUT",
    path: "/api/assignment-rules/:id",
    alsoTakes: ["DELETE"],
    body: "json",
    fields: { name: ["text", "Enterprise buyers"], members: ["id", "1"] },
  },
  { method: "DELETE", path: "/api/assignment-rules/:id", alsoTakes: ["PUT"] },
  // the Site content screen
  { method: "GET", path: "/api/case-studies", alsoTakes: ["POST"] },
  {
    method: "POST",
    path: "/api/case-studies",
    alsoTakes: ["GET"],
    body: "json",
    fields: {
      title: ["text", "A retailer gets its numbers by morning"],
      client: ["text", "A US retailer"],
      anonymised: ["enum", "true"],
      industry: ["text", "Retail"],
      location: ["text", "Ohio, USA"],
      services: ["enum", "/data-warehousing"],
      summary: [
        "text",
        "A retailer moved its reports to a warehouse and now reads yesterday's sales at eight.",
      ],
      challenge: [
        "text",
        "Reports were built by hand each week from six systems that never agreed on revenue.",
      ],
      duration: ["text", "7 months"],
      publishedOn: ["enum", "2025-09-09"],
      body: ["optText", "## What we did"],
      status: ["optEnum", "draft"],
      example: ["optEnum", "false"],
    },
  },
  {
    method: "PUT",
    path: "/api/case-studies/:id",
    alsoTakes: ["DELETE"],
    body: "json",
    fields: { title: ["optText", "A retailer gets its numbers by morning"], status: ["optEnum", "draft"] },
  },
  { method: "DELETE", path: "/api/case-studies/:id", alsoTakes: ["PUT"] },
  { method: "GET", path: "/api/proof-items", alsoTakes: ["POST"], query: { kind: "client" } },
  {
    method: "POST",
    path: "/api/proof-items",
    alsoTakes: ["GET"],
    body: "json",
    fields: {
      kind: ["enum", "client"],
      name: ["text", "Acme Freight"],
      mark: ["enum", "wave"],
      status: ["optEnum", "draft"],
      example: ["optEnum", "false"],
    },
  },
  {
    method: "PUT",
    path: "/api/proof-items/:id",
    alsoTakes: ["DELETE"],
    body: "json",
    fields: { status: ["optEnum", "draft"] },
  },
  { method: "DELETE", path: "/api/proof-items/:id", alsoTakes: ["PUT"] },
  { method: "POST", path: "/api/proof-items/:id/logo", body: "multipart", fields: { logo: ["file", ""] } },
  // the root_admin's Privacy screen
  { method: "GET", path: "/api/privacy/search", query: { email: "held@example.com" } },
  {
    method: "POST",
    path: "/api/privacy/erase-person",
    body: "json",
    fields: { email: ["email", "held@example.com"] },
  },
  { method: "GET", path: "/api/privacy/overview" },
  // the root_admin's Webhooks screen
  { method: "GET", path: "/api/webhooks", alsoTakes: ["POST"] },
  {
    method: "POST",
    path: "/api/webhooks",
    alsoTakes: ["GET"],
    body: "json",
    fields: { url: ["text", "http://127.0.0.1:9/hooks"], events: ["enum", "lead.created"] },
  },
  { method: "DELETE", path: "/api/webhooks/:id" },
  { method: "GET", path: "/api/webhooks/:id/deliveries", query: { page: "1" } },
  { method: "POST", path: "/api/webhooks/:id/deliveries/1/retry" },
  { method: "POST", path: "/api/webhooks/:id/test" },
  // overview and audit trail
  { method: "GET", path: "/api/overview" },
  {
    method: "GET",
    path: "/api/audit-log",
    query: { page: "1", from: "2026-01-01", to: "2026-12-31" },
  },
  {
    method: "GET",
    path: "/api/audit-log/export",
    query: { from: "2026-01-01", to: "2026-12-31" },
  },
  { method: "GET", path: "/api/inquiries/export", query: { handled: "false" } },
  {
    method: "POST",
    path: "/api/update-inquiry",
    body: "json",
    fields: { id: ["id", "1"], handled: ["enum", "true"] },
  },
  { method: "GET", path: "/api/inquiry-file/:id" },
  {
    method: "POST",
    path: "/api/resend-notification",
    body: "json",
    fields: { id: ["id", "1"] },
  },
  { method: "GET", path: "/api/openapi.json" },
  // trust center
  { method: "GET", path: "/api/trust-documents", alsoTakes: ["POST"] },
  {
    method: "POST",
    path: "/api/trust-documents",
    alsoTakes: ["GET"],
    body: "json",
    fields: {
      id: ["optEnum", "matrix-document"],
      title: ["text", "Penetration test summary"],
      access: ["enum", "public"],
      size: ["number", "250000"],
    },
  },
  { method: "GET", path: "/api/admin-trust-documents" },
  { method: "POST", path: "/api/trust-documents/:id/publish" },
  { method: "POST", path: "/api/trust-documents/:id/unpublish" },
  { method: "DELETE", path: "/api/trust-documents/:id" },
  {
    method: "POST",
    path: "/api/trust-request",
    body: "json",
    fields: {
      name: ["text", "Dana North"],
      email: ["email", "dana@acme-corp.com"],
      company: ["text", "Acme"],
      documents: ["enum", "soc2-report"],
      ndaAccepted: ["enum", "true"],
    },
  },
  { method: "POST", path: "/api/trust-requests/:id/approve" },
  { method: "POST", path: "/api/trust-requests/:id/deny" },
  { method: "GET", path: "/api/trust-document/:id", id: "soc2-report" },
  { method: "GET", path: "/api/subprocessors", alsoTakes: ["POST"] },
  {
    method: "POST",
    path: "/api/subprocessors",
    alsoTakes: ["GET"],
    body: "json",
    fields: {
      name: ["text", "Amazon Web Services"],
      purpose: ["text", "Hosting"],
      location: ["text", "United States"],
      transfer: ["text", "Data stays in the United States"],
    },
  },
  {
    method: "PUT",
    path: "/api/subprocessors/:id",
    alsoTakes: ["DELETE"],
    body: "json",
    fields: {
      name: ["text", "Amazon Web Services"],
      purpose: ["text", "Hosting"],
      location: ["text", "United States"],
      transfer: ["text", "Data stays in the United States"],
    },
  },
  { method: "DELETE", path: "/api/subprocessors/:id", alsoTakes: ["PUT"] },
  // calls booked by buyers
  { method: "GET", path: "/api/booking-slots", query: { timeZone: "America/Chicago" } },
  {
    method: "POST",
    path: "/api/book-meeting",
    body: "json",
    fields: {
      start: ["text", "2099-01-05T10:00:00Z"],
      ownerId: ["id", "1"],
      timeZone: ["text", "America/Chicago"],
    },
  },
  {
    method: "POST",
    path: "/api/cancel-meeting",
    body: "json",
    fields: { token: ["text", "not-a-real-token-at-all"] },
  },
  { method: "GET", path: "/api/availability" },
  {
    method: "POST",
    path: "/api/update-availability",
    body: "json",
    fields: {
      timeZone: ["text", "Asia/Kolkata"],
      meetingMinutes: ["optNumber", "30"],
      bufferMinutes: ["optNumber", "0"],
    },
  },
  { method: "POST", path: "/api/renew-calendar-feed" },
  { method: "GET", path: "/api/calendar/:id", id: `${"a".repeat(43)}.ics` },
  // files
  { method: "GET", path: "/api/media/:id", rest: true },
  { method: "GET", path: "/api/files/:id", rest: true },
];

export const ENDPOINTS: EndpointSpec[] = SAMPLES.map((e) => {
  const c = contractOf(e.method, e.path);
  return { ...e, staff: !c.roles.includes("public"), privacy: c.privacyCookie === true };
});
