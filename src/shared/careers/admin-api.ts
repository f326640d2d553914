/** The dashboard's careers endpoints: answering questions, job posts and candidates. */
import * as z from "zod";
import "../common/zod-config";
import {
  APPLICATION_STATUSES,
  applicationListQuery,
  FAQ_FILTERS,
  faqListQuery,
  jobSchema,
  updateFaqSchema,
  updateJobSchema,
  updateStatusSchema,
} from "./admin-schemas";
import { listQuery } from "../common/schema-fields";
import { contract } from "../api/contract";
import { id, iso, message, paging, removed } from "../api/fields";

/** A question as staff see it: unanswered ones have a null answer. */
export const staffFaq = z.strictObject({ id, question: z.string(), answer: z.string().nullable() });
export type StaffFaq = z.infer<typeof staffFaq>;

/** An opening as the staff list shows it, with its number of applications. */
export const staffJob = z.strictObject({
  id,
  job_title: z.string(),
  required_experience: z.number().int(),
  skills: z.string(),
  description: z.string(),
  created_at: iso,
  applications: z.number().int(),
});
export type StaffJob = z.infer<typeof staffJob>;

/** One change of an application's status, as its history lists it. */
export const statusChange = z.strictObject({
  from: z.string(),
  to: z.enum(APPLICATION_STATUSES),
  by: z.string(),
  at: iso,
});
export type StatusChange = z.infer<typeof statusChange>;

/** An application as the staff list shows it. */
export const staffApplication = z.strictObject({
  id,
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  native_place: z.string(),
  gender: z.string(),
  total_experience: z.number(),
  it_experience: z.number(),
  current_company: z.string(),
  notice_period: z.string(),
  expected_salary: z.number().nullable(),
  willing_to_relocate: z.string(),
  skills: z.string(),
  certifications: z.string(),
  job_id: id.nullable(),
  job_title: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  created_at: iso,
  history: z.array(statusChange),
  /** The privacy notice's version the candidate agreed to, and when (null before consent was asked). */
  privacy_consent_version: z.string().nullable(),
  privacy_consent_at: iso.nullable(),
  /** Kept for other openings, with the time of that consent. */
  talent_pool: z.boolean(),
  talent_pool_consent_at: iso.nullable(),
  /**
   * Whether the resume is held (then /api/resume-link gives it), and when it is not, why it is
   * gone: "erased at the person's request", "deleted after 365 days" (the retention setting), or
   * "deleted when the candidate withdrew the application"; null when none was sent.
   */
  resume: z.strictObject({ held: z.boolean(), gone: z.string().nullable() }),
});
export type StaffApplication = z.infer<typeof staffApplication>;

export const adminCommentsApi = contract({
  method: "GET",
  path: "/api/admin-comments",
  summary: "Careers questions, newest first (all, or only the unanswered), paged",
  access: "candidates:read",
  query: faqListQuery,
  response: z.strictObject({ comments: z.array(staffFaq), filter: z.enum(FAQ_FILTERS), ...paging }),
});

export const updateFaqApi = contract({
  method: "POST",
  path: "/api/update-faq",
  summary: "Answers a question (an empty answer takes it back to unanswered)",
  access: "candidates:change",
  body: updateFaqSchema,
  response: z.strictObject({ faq: staffFaq, message }),
});

export const deleteFaqApi = contract({
  method: "DELETE",
  path: "/api/delete-faq/:id",
  summary: "Deletes a question",
  access: "candidates:change",
  response: removed,
});

export const adminJobsApi = contract({
  method: "GET",
  path: "/api/admin-jobs",
  summary: "Every job post with its number of applications, newest first, paged",
  access: "candidates:read",
  query: listQuery,
  response: z.strictObject({ jobs: z.array(staffJob), ...paging }),
});

export const addJobPostApi = contract({
  method: "POST",
  path: "/api/add-job-post",
  summary: "A new job post",
  access: "candidates:change",
  body: jobSchema,
  status: 201,
  response: z.strictObject({ job: staffJob, message }),
});

export const updateJobPostApi = contract({
  method: "POST",
  path: "/api/update-job-post",
  summary: "Edits a job post",
  access: "candidates:change",
  body: updateJobSchema,
  response: z.strictObject({ job: staffJob, message }),
});

export const deleteJobPostApi = contract({
  method: "DELETE",
  path: "/api/delete-job-post/:id",
  summary: "Deletes a job post",
  access: "candidates:change",
  response: removed,
});

const applicationList = z.strictObject({
  applications: z.array(staffApplication),
  status: z.enum([...APPLICATION_STATUSES, "all"]),
  ...paging,
});

export const applicationsApi = contract({
  method: "GET",
  path: "/api/applications",
  summary: "Applications, newest first (optionally of one status), paged",
  access: "candidates:read",
  query: applicationListQuery,
  response: applicationList,
});

export const applicationDataApi = contract({
  method: "GET",
  path: "/api/application_data",
  summary: "The same list as /api/applications (SPEC's name)",
  access: "candidates:read",
  query: applicationListQuery,
  response: applicationList,
});

export const updateApplicationStatusApi = contract({
  method: "POST",
  path: "/api/update-application-status",
  summary: "Sets an application's status; Selected and Rejected mail the candidate",
  access: "candidates:change",
  body: updateStatusSchema,
  response: z.strictObject({
    id,
    status: z.enum(APPLICATION_STATUSES),
    /** Null when the status was already this one. */
    change: statusChange.nullable(),
    mailed: z.boolean(),
    message,
  }),
});

export const resumeLinkApi = contract({
  method: "GET",
  path: "/api/resume-link/:id",
  summary:
    "A short-lived link to an application's resume (open=1: a 303 to it); 410 with the reason when erasure or retention deleted it",
  access: "candidates:read",
  /** open=1 answers a 303 to the link; any other value, its JSON. */
  query: z.object({ open: z.string().optional() }),
  response: z.strictObject({ url: z.string() }),
});

export const CAREERS_ADMIN = [
  adminCommentsApi,
  updateFaqApi,
  deleteFaqApi,
  adminJobsApi,
  addJobPostApi,
  updateJobPostApi,
  deleteJobPostApi,
  applicationsApi,
  applicationDataApi,
  updateApplicationStatusApi,
  resumeLinkApi,
];
