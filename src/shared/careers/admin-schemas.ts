/**
 * Request schemas of the careers screens of the dashboard (FAQ answers, job posts, candidates),
 * and the shapes those screens receive. The island checks its forms with them for instant
 * messages; the functions use the same schemas as the authority.
 */
import * as z from "zod";
import "../common/zod-config";
import { idField, pageField, text } from "../common/schema-fields";

// ---- FAQ answers ------------------------------------------------------------------------------

export const FAQ_FILTERS = ["all", "unanswered"] as const;
export type FaqFilter = (typeof FAQ_FILTERS)[number];

export const faqListQuery = z.object({
  filter: z.preprocess(
    (v) => (v === undefined || v === "" ? "all" : v),
    z.enum(FAQ_FILTERS, { error: "filter must be all or unanswered." }),
  ),
  page: pageField,
});

/** An empty answer takes the question back to unanswered (hidden on the careers page). */
export const updateFaqSchema = z.object({
  id: idField,
  answer: z
    .string({ error: "Answer must be text." })
    .max(5000, "Answer must be at most 5000 characters.")
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? null : v.replace(/\r\n?/g, "\n").trim())),
});

// ---- job posts --------------------------------------------------------------------------------

/** "a, b,,  a" -> "a, b": trimmed, de-duplicated, joined with comma and space. */
export function normaliseSkills(v: string): string {
  const seen = new Set<string>();
  for (const s of v.split(",")) {
    const t = s.trim();
    if (t && ![...seen].some((x) => x.toLowerCase() === t.toLowerCase())) seen.add(t);
  }
  return [...seen].join(", ");
}

export const jobSchema = z.object({
  job_title: text("Job title", 200),
  required_experience: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z
      .number({
        error: (iss) =>
          iss.input === undefined
            ? "Required experience is required."
            : "Required experience must be a number of years.",
      })
      .int("Required experience must be a whole number of years.")
      .min(0, "Required experience must be from 0 to 50 years.")
      .max(50, "Required experience must be from 0 to 50 years."),
  ),
  skills: z
    .string({ error: "Skills must be text." })
    .max(1000, "Skills must be at most 1000 characters.")
    .optional()
    .transform((v) => normaliseSkills(v ?? "")),
  description: text("Description", 10_000),
});
export type JobInput = z.infer<typeof jobSchema>;

export const updateJobSchema = jobSchema.extend({ id: idField });

/** An opening as the staff list shows it, with its number of applications. */
export interface StaffJob {
  id: number;
  job_title: string;
  required_experience: number;
  skills: string;
  description: string;
  created_at: string;
  applications: number;
}

// ---- candidates -------------------------------------------------------------------------------

export const APPLICATION_STATUSES = ["New", "Rejected", "Selected", "Maybe"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const applicationListQuery = z.object({
  status: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum(APPLICATION_STATUSES, { error: "status must be New, Rejected, Selected or Maybe." }).optional(),
  ),
  page: pageField,
});

export const updateStatusSchema = z.object({
  id: idField,
  status: z.enum(APPLICATION_STATUSES, { error: "Status must be New, Rejected, Selected or Maybe." }),
});

/** One change of an application's status, as its history lists it. */
export interface StatusChange {
  from: string;
  to: ApplicationStatus;
  by: string;
  at: string;
}

/** An application as the staff list shows it. */
export interface StaffApplication {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  native_place: string;
  gender: string;
  total_experience: number;
  it_experience: number;
  current_company: string;
  notice_period: string;
  expected_salary: number | null;
  willing_to_relocate: string;
  skills: string;
  certifications: string;
  job_id: number | null;
  job_title: string | null;
  status: ApplicationStatus;
  created_at: string;
  history: StatusChange[];
  /** The privacy notice's version the candidate agreed to, and when (null before consent was asked). */
  privacy_consent_version: string | null;
  privacy_consent_at: string | null;
  /** Kept for other openings, with the time of that consent. */
  talent_pool: boolean;
  talent_pool_consent_at: string | null;
}
