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
