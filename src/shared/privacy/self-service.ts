/**
 * The requests of the self-service page /privacy/my-data and of the staff Privacy screen: one
 * schema each, used by the page (instant messages) and by the functions (the authority).
 */
import * as z from "zod";
import "../common/zod-config";
import { codeRequestSchema, codeCheckSchema } from "../careers/careers";
import type { InquiryFields } from "../contact/leads";

/** POST /api/privacy/send-code, GET /api/privacy/search, POST /api/privacy/erase-person. */
export const privacyEmailSchema = codeRequestSchema;
/** POST /api/privacy/verify-code. */
export const privacyCodeSchema = codeCheckSchema;

const ID_MESSAGE = "id: choose one of your applications.";
/** POST /api/privacy/withdraw: one of the person's own applications. */
export const withdrawSchema = z.object({
  id: z.coerce.number(ID_MESSAGE).int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
});

const TOKEN_MESSAGE = "token: this link is not complete. Please open the link from the e-mail again.";
/** POST /api/privacy/extend: the link of the talent-pool reminder. */
export const extendSchema = z.object({
  token: z.string(TOKEN_MESSAGE).regex(/^\d{1,10}\.[\w-]{32}$/, TOKEN_MESSAGE),
});

/** How long the page's access lasts after a right code. */
export const PRIVACY_ACCESS_MINUTES = 30;

/** What is held under one e-mail address: the export's shape (a download, and the staff screen). */
export interface HeldData {
  email: string;
  exportedAt: string;
  inquiries: HeldInquiry[];
  applications: HeldApplication[];
  comments: HeldComment[];
  /** The address's fingerprint on the comment spam list (RETENTION_SPAM_SENDER_DAYS), if marked. */
  spamMark: { markedAt: string; until: string } | null;
  consents: HeldConsent[];
}

/** A lead as its person gets it back: the form's fields as stored, its file's name, stage and date. */
export interface HeldInquiry extends Pick<
  InquiryFields,
  | "id"
  | "fullName"
  | "email"
  | "orgName"
  | "jobTitle"
  | "industry"
  | "companySize"
  | "mobile"
  | "budget"
  | "projectType"
  | "deadline"
  | "projectDetails"
> {
  attachment: string | null;
  stage: string;
  createdAt: string;
}

export interface HeldApplication {
  id: number;
  job: string | null;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  address: string | null;
  gender: string | null;
  totalExperience: number;
  itExperience: number;
  currentCompany: string | null;
  noticePeriod: string;
  expectedSalary: number | null;
  willingToRelocate: string;
  skills: string | null;
  certifications: string;
  status: string;
  talentPool: boolean;
  createdAt: string;
  /** A short-lived link to download the resume (null when there is none). */
  resume: { filename: string; url: string } | null;
}

export interface HeldComment {
  id: number;
  post: string;
  name: string;
  comment: string;
  date: string;
}

export interface HeldConsent {
  kind: "privacy notice" | "talent pool" | "marketing";
  /** The record the consent was given with, e.g. "application #12". */
  given: string;
  value: boolean;
  version: string | null;
  at: string | null;
}

/** The counts an erasure answers. */
export interface ErasedCounts {
  inquiries: number;
  applications: number;
  comments: number;
}

/** "1 inquiry", "2 inquiries". */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
