/**
 * Careers: the request schemas shared by the islands (instant messages) and the functions (the
 * authority). The option lists of SPEC section 3, the messages of SPEC section 8 and the pure
 * helpers are in careers-common.ts and re-exported here.
 */
import * as z from "zod";
import "../common/zod-config";
import { GENDERS, MAX_TAGS, NOTICE_PERIODS, RELOCATE, addTags, joinTags } from "./careers-common";
import { CONSENT_VALUES } from "../privacy/notice";

// ---- schemas ------------------------------------------------------------------------------

/** A required text field with bounds; every message names the field. */
function text(label: string, max: number, min = 1) {
  return z
    .string({
      error: (iss) => (iss.input === undefined ? `${label} is required.` : `${label} must be text.`),
    })
    .trim()
    .min(min, min === 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

const email = z
  .string({ error: (iss) => (iss.input === undefined ? "Email is required." : "Email must be text.") })
  .trim()
  .toLowerCase()
  .min(1, "Email is required.")
  .max(254, "Email must be at most 254 characters.")
  .pipe(z.email({ error: "Email: enter a valid email address." }));

function oneOf<T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of: ${values.join(", ")}.` });
}

/** Years of experience: 0 to 60, at most one decimal ("4.5"). */
function years(label: string) {
  return z
    .string({
      error: (iss) => (iss.input === undefined ? `${label} is required.` : `${label} must be a number.`),
    })
    .trim()
    .min(1, `${label} is required.`)
    .regex(/^\d{1,2}(\.\d)?$/, `${label} must be a number of years, like 3 or 4.5.`)
    .transform(Number)
    .refine((n) => n <= 60, `${label} must be at most 60 years.`);
}

/**
 * Comma-separated tags, normalised (trimmed, de-duplicated) and joined with ", ". Raw text of more
 * than twice what can be kept is refused, not cut short: it is never a real list.
 */
function tagList(label: string, required: boolean) {
  return z
    .string({ error: `${label} must be text.` })
    .max(2000, `${label} must be at most 1000 characters in all.`)
    .transform((v) => addTags([], v))
    .refine((tags) => !required || tags.length > 0, `${label}: add at least one.`)
    .refine((tags) => tags.length <= MAX_TAGS, `${label}: at most ${MAX_TAGS} entries.`)
    .transform(joinTags)
    .refine((v) => v.length <= 1000, `${label} must be at most 1000 characters in all.`);
}

export const codeRequestSchema = z.object({ email });

export const codeCheckSchema = z.object({
  email,
  code: z
    .string({ error: "Code is required." })
    .trim()
    .regex(/^\d{6}$/, "Code: enter the 6-digit code from the e-mail."),
});

export const faqQuestionSchema = z.object({
  question: text("Question", 1000),
});

export const applicationSchema = z
  .object({
    job_id: z
      .string({ error: "job_id must be a number." })
      .trim()
      .regex(/^\d{0,9}$/, "job_id must be a positive whole number.")
      .transform((v) => (v === "" ? null : Number(v)))
      .optional()
      .transform((v) => v ?? null),
    firstName: text("First name", 100),
    lastName: text("Last name", 100),
    email,
    mobile: z
      .string({ error: "Mobile number is required." })
      .trim()
      .min(1, "Mobile number is required.")
      // E.164: a plus, the country code and the number, 8 to 15 digits in all.
      .regex(/^\+[1-9]\d{7,14}$/, "Mobile number: enter a valid number with its country code."),
    nativePlace: text("Address", 300),
    gender: oneOf("Gender", GENDERS),
    totalExperience: years("Total experience"),
    itExperience: years("IT experience"),
    currentCompany: text("Current company", 200),
    noticePeriod: oneOf("Notice period", NOTICE_PERIODS).default("immediate"),
    expectedSalary: z
      .string({ error: "Expected salary must be a number." })
      .transform((v) => v.replace(/[\s,]/g, ""))
      .refine((v) => /^\d{0,10}$/.test(v), "Expected salary must be a whole number of rupees.")
      .transform((v) => (v === "" ? null : Number(v)))
      .refine((v) => v === null || v <= 1_000_000_000, "Expected salary must be at most 1,000,000,000.")
      .optional()
      .transform((v) => v ?? null),
    willingToRelocate: oneOf("Willing to relocate", RELOCATE).default("Yes"),
    skills: tagList("Skills", true),
    certifications: tagList("Certifications", false)
      .optional()
      .transform((v) => v ?? ""),
    /** Required: the ticked box of the privacy notice (never pre-ticked). */
    privacyConsent: z.literal("yes", {
      error:
        "Please confirm that you have read the privacy notice and agree to how long we keep your application.",
    }),
    /** Optional: keep the application for other openings, for longer. */
    talentPool: z
      .enum(CONSENT_VALUES, { error: "Talent pool must be yes or no." })
      .optional()
      .transform((v) => v === "yes"),
  })
  .refine((a) => a.itExperience <= a.totalExperience, {
    path: ["itExperience"],
    message: "IT experience cannot be more than total experience.",
  });

export type ApplicationInput = z.output<typeof applicationSchema>;
/** What the form holds before validation: every field as typed. */
export type ApplicationFields = Record<keyof z.input<typeof applicationSchema>, string>;
