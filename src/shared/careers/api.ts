/** The careers page's endpoints: openings, answered questions, and applying with a checked e-mail. */
import * as z from "zod";
import "../common/zod-config";
import { applicationSchema, codeCheckSchema, codeRequestSchema, faqQuestionSchema } from "./careers";
import { contract, errorBody } from "../api/contract";
import { id } from "../api/fields";

/** An opening as the API answers it (SPEC section 3). */
export const publicJob = z.strictObject({
  id,
  job_title: z.string(),
  required_experience: z.number().int(),
  skills: z.string(),
  description: z.string(),
});
export type PublicJob = z.infer<typeof publicJob>;

/** An answered question. */
export const publicFaq = z.strictObject({ id, question: z.string(), answer: z.string() });
export type PublicFaq = z.infer<typeof publicFaq>;

const refused = z.strictObject({ success: z.literal(false), error: z.string() });

export const jobsApi = contract({
  method: "GET",
  path: "/api/jobs",
  summary: "The open positions",
  access: "public",
  response: z.strictObject({ jobs: z.array(publicJob) }),
});

export const faqsApi = contract({
  method: "GET",
  path: "/api/faqs",
  summary: "The answered careers questions",
  access: "public",
  response: z.strictObject({ faqs: z.array(publicFaq) }),
});

export const addFaqApi = contract({
  method: "POST",
  path: "/api/add-faq",
  summary: "A visitor's question (public once staff answer it)",
  access: "public",
  body: faqQuestionSchema,
  nativeForm: true,
  status: 201,
  response: z.strictObject({ success: z.literal(true), message: z.string() }),
});

export const sendEmailOtpApi = contract({
  method: "POST",
  path: "/api/send-email-otp",
  summary: "Mails a 6-digit code to the address an applicant gives",
  access: "public",
  body: codeRequestSchema,
  response: z.strictObject({ success: z.literal(true) }),
  statuses: { 502: refused },
  error: z.union([refused, errorBody]),
});

export const verifyEmailOtpApi = contract({
  method: "POST",
  path: "/api/verify-email-otp",
  summary: "Checks the code; a right one sets the application cookie",
  access: "public",
  body: codeCheckSchema,
  response: z.union([
    z.strictObject({ success: z.literal(true) }),
    z.strictObject({ success: z.literal(false), error: z.string() }),
    z.strictObject({ success: z.literal(false), expired: z.literal(true), error: z.string() }),
  ]),
});

export const submitApplicationApi = contract({
  method: "POST",
  path: "/api/submit-application",
  summary: "An application with its resume, from an e-mail address checked with a code",
  access: "public",
  body: applicationSchema,
  files: { resume: true },
  status: 201,
  response: z.strictObject({ success: z.literal(true), message: z.string() }),
});

export const CAREERS = [
  jobsApi,
  faqsApi,
  addFaqApi,
  sendEmailOtpApi,
  verifyEmailOtpApi,
  submitApplicationApi,
];
