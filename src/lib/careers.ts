/**
 * Careers: the request schemas shared by the islands (instant messages) and the functions (the
 * authority), the option lists of SPEC section 3, the messages of SPEC section 8, and the small
 * pure helpers (search, tags) the page and its islands use.
 */
import { z } from "zod";

export const NOTICE_PERIODS = ["immediate", "15 Days", "30 Days", "90 Days"] as const;
export const GENDERS = ["Male", "Female", "Other"] as const;
export const RELOCATE = ["Yes", "No"] as const;
export type NoticePeriod = (typeof NOTICE_PERIODS)[number];

/** Without a search term only the first answered FAQs show (SPEC section 9). */
export const FAQ_DEFAULT_COUNT = 4;
/** A verification is good for this long before an application must be re-verified. */
export const VERIFICATION_MINUTES = 30;
export const RESUME_MAX_BYTES = 4 * 1024 * 1024;
export const RESUME_ACCEPT =
  ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 60;

export const MESSAGES = {
  otpSent: "OTP sent to your email.",
  otpSendFailed: "Failed to send OTP. Please try again.",
  otpSendError: "Error sending OTP. Please try again.",
  verified: "Email verified!",
  wrongOtp: "Incorrect email OTP",
  verifyError: "Error verifying OTP. Please try again.",
  verifyFirst: "Please verify your email before submitting.",
  submitted: "Application Submitted!",
  submitError: "Error submitting application. Please try again.",
  faqSubmitted: "FAQ submitted. Your question will appear once answered.",
  faqError: "Error submitting FAQ question. Please try again.",
} as const;

/** An opening as the API answers it (SPEC section 3). */
export interface PublicJob {
  id: number;
  job_title: string;
  required_experience: number;
  skills: string;
  description: string;
}

export interface PublicFaq {
  id: number;
  question: string;
  answer: string;
}

// ---- search -------------------------------------------------------------------------------

function normal(s: string): string {
  return s.toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();
}

/** Openings whose title or description contains the term, ignoring case. */
export function jobMatches(job: Pick<PublicJob, "job_title" | "description">, term: string): boolean {
  const t = normal(term);
  return t === "" || normal(job.job_title).includes(t) || normal(job.description).includes(t);
}

/**
 * The FAQs to show: with a term, every answered FAQ whose question or answer contains it; without
 * one, the first FAQ_DEFAULT_COUNT.
 */
export function visibleFaqs<T extends Pick<PublicFaq, "question" | "answer">>(faqs: T[], term: string): T[] {
  const t = normal(term);
  if (t === "") return faqs.slice(0, FAQ_DEFAULT_COUNT);
  return faqs.filter((f) => normal(f.question).includes(t) || normal(f.answer).includes(t));
}

// ---- tags ---------------------------------------------------------------------------------

/** Splits typed text on commas into trimmed, non-empty tags. */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** Adds tags to a list: trimmed, without duplicates (ignoring case), in the order typed. */
export function addTags(current: readonly string[], text: string): string[] {
  const out = [...current];
  const seen = new Set(out.map((t) => t.toLowerCase()));
  for (const tag of splitTags(text)) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag.slice(0, MAX_TAG_LENGTH));
  }
  return out;
}

/** Tags as submitted: joined with a comma and a space (SPEC section 3). */
export function joinTags(tags: readonly string[]): string {
  return tags.join(", ");
}

// ---- schemas ------------------------------------------------------------------------------

/** A required text field with bounds; every message names the field. */
function text(label: string, max: number, min = 1) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${label} is required.` : `${label} must be text.`) })
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
    .string({ error: (iss) => (iss.input === undefined ? `${label} is required.` : `${label} must be a number.`) })
    .trim()
    .min(1, `${label} is required.`)
    .regex(/^\d{1,2}(\.\d)?$/, `${label} must be a number of years, like 3 or 4.5.`)
    .transform(Number)
    .refine((n) => n <= 60, `${label} must be at most 60 years.`);
}

/** Comma-separated tags, normalised (trimmed, de-duplicated) and joined with ", ". */
function tagList(label: string, required: boolean) {
  return z
    .string({ error: `${label} must be text.` })
    .transform((v) => addTags([], v))
    .refine((tags) => !required || tags.length > 0, `${label}: add at least one.`)
    .refine((tags) => tags.length <= MAX_TAGS, `${label}: at most ${MAX_TAGS} entries.`)
    .transform(joinTags)
    .refine((v) => v.length <= 1000, `${label} must be at most 1000 characters in all.`);
}

export const emailOtpSchema = z.object({ email });

export const verifyOtpSchema = z.object({
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
  })
  .refine((a) => a.itExperience <= a.totalExperience, {
    path: ["itExperience"],
    message: "IT experience cannot be more than total experience.",
  });

export type ApplicationInput = z.output<typeof applicationSchema>;
/** What the form holds before validation: every field as typed. */
export type ApplicationFields = Record<keyof z.input<typeof applicationSchema>, string>;
