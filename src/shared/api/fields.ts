/** The pieces every contract's answers are made of (src/shared/api/*.ts). */
import * as z from "zod";
import "../common/zod-config";
import { LEAD_KINDS } from "../trust/trust";

export const iso = z.string().describe("ISO 8601 date-time (UTC)");
export const day = z.string().describe("YYYY-MM-DD (UTC)");
export const id = z.number().int();
export const count = z.number().int();
/** The sentence the dashboard shows after a change. */
export const message = z.string();

/** Where a paged list stands: `{ items, ...paging }`. */
export const paging = { page: count, pageSize: count, total: count, hasMore: z.boolean() };

/** What a deletion answers: the id that is gone, and the sentence to show. */
export const removed = z.strictObject({ id, message });

/** The contact form's fields as stored, with the inquiry's id. */
export const inquiryFields = {
  id,
  /** A contact inquiry, or a security review's request for documents (its contact-form fields are empty). */
  kind: z.enum(LEAD_KINDS),
  fullName: z.string(),
  email: z.string(),
  orgName: z.string(),
  jobTitle: z.string(),
  industry: z.string(),
  companySize: z.string(),
  mobile: z.string(),
  budget: z.string(),
  projectType: z.string(),
  /** YYYY-MM-DD. */
  deadline: z.string().nullable(),
  projectDetails: z.string(),
};
