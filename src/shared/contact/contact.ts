/**
 * The contact inquiry: its fields, options, messages and the one zod schema that the form (instant
 * messages) and POST /api/submit (the authority) both use. Browser-safe: no server imports.
 */
import { isValidPhoneNumber } from "libphonenumber-js/min";
import * as z from "zod";
import "../common/zod-config";
import { fieldErrors as firstErrors } from "../common/schema-fields";
import { fileExtension, MAX_FILES_LABEL, UPLOADS } from "../common/upload-limits";
import { CONSENT_VALUES } from "../privacy/notice";

export const COMPANY_SIZES = [
  "Less than 5",
  "5-10",
  "10-30",
  "30-50",
  "50-100",
  "100-200",
  "200-500",
  "500-Above",
] as const;

export const BUDGETS = [
  "Below $1000",
  "$1000-$5000",
  "$5000-$10000",
  "$10000-$50000",
  "$50000-$100000",
  "$100000-$1000000",
  "$1000000-Above",
] as const;

export const PROJECT_TYPES = ["Urgent", "Normal"] as const;

/** The labels the form shows; server messages use the same words. */
export const LABELS = {
  fullName: "Full Name",
  email: "Business Mail",
  orgName: "Organisation Name",
  jobTitle: "Job Title",
  industry: "Industry",
  companySize: "Company Size",
  mobile: "Mobile Number",
  budget: "Approximate Budget",
  projectDetails: "Project details",
  projectType: "Project Type",
  deadline: "Deadline",
  uploadedFile: "Attachment",
} as const;
export type ContactField = keyof typeof LABELS;

export const MESSAGES = {
  fixErrors: "Please correct the errors in the form.",
  email: "Enter a valid Business Email",
  mobile: "Enter a valid Mobile Number",
  date: "Date input not valid.",
  pastDate: "The deadline can't be in the past.",
  failed: "Failed to submit form",
} as const;

/** A field bots fill in and people never see; a filled one means the inquiry is dropped. */
export const HONEYPOT_FIELD = "website";

// ---- attachment ------------------------------------------------------------------------------

/** The kinds of the attachment (src/shared/common/upload-limits.ts has every upload's rules). */
export const UPLOAD_KINDS = UPLOADS.attachment.kinds;
export const UPLOAD_HINT = `${UPLOADS.attachment.names}, up to ${MAX_FILES_LABEL}`;

/** A quick check in the browser before sending; the server judges the bytes. */
export function clientFileProblem(file: { name: string; size: number }): string | undefined {
  if (!UPLOADS.attachment.extensions.includes(fileExtension(file.name)))
    return `Attach a ${UPLOAD_HINT.replace(", up to", " file up to")}.`;
  if (file.size === 0) return "This file is empty.";
  if (file.size > UPLOADS.attachment.maxBytes) return `This file is larger than ${MAX_FILES_LABEL}.`;
  return undefined;
}

// ---- single-field rules (SPEC section 5) -----------------------------------------------------

/**
 * The business e-mail rule: exactly one at-sign, a domain with a dot that does not end with a dot,
 * not a free-mail domain; plus what any address needs (a local part, no spaces, sane length).
 */
export function isBusinessEmail(value: string, blockedDomains: readonly string[]): boolean {
  const email = value.trim();
  if (email.length > 254 || /\s/.test(email)) return false;
  const parts = email.split("@");
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!local || local.length > 64 || !domain.includes(".") || domain.endsWith(".")) return false;
  if (domain.startsWith(".") || domain.includes("..") || !/^[A-Za-z0-9.-]+$/.test(domain)) return false;
  return !blockedDomains.includes(domain.toLowerCase());
}

/** Digits only, with one optional '+' as the first character (what the phone input accepts). */
export function hasOnlyPhoneCharacters(value: string): boolean {
  return /^\+?\d*$/.test(value);
}

/** An E.164 number valid for its country (the country is part of the number). */
export function isValidMobile(value: string): boolean {
  return /^\+\d{4,15}$/.test(value) && isValidPhoneNumber(value);
}

/**
 * The blur check of the phone field: an empty value, or only the dial code, passes (a blank field
 * is caught by the required rule on submit).
 */
export function mobileBlurOk(value: string | undefined, dialCode: string | undefined): boolean {
  if (!value || value === "+" || (dialCode && value === `+${dialCode}`)) return true;
  return hasOnlyPhoneCharacters(value) && isValidMobile(value);
}

/** YYYY-MM-DD for a real calendar day. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 2000 &&
    y <= 2100 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
  );
}

/** Parses what a person typed as MM/dd/yyyy (one-digit month and day allowed); undefined if not a day. */
export function parseUsDate(text: string): string | undefined {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const iso = `${m[3]}-${m[1]!.padStart(2, "0")}-${m[2]!.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : undefined;
}

/** A Date's local calendar day as YYYY-MM-DD (not toISOString, which is UTC). */
export function toIsoDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

// ---- the schema ------------------------------------------------------------------------------

export interface ContactSchemaOptions {
  blockedDomains: readonly string[];
  /** The earliest deadline accepted (YYYY-MM-DD); the browser passes its today, the server yesterday (UTC). */
  minDeadline?: string | undefined;
}

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const choice = <T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z.enum(options, {
    error: (iss) =>
      iss.input === undefined || (typeof iss.input === "string" && iss.input.trim() === "")
        ? `${label} is required.`
        : `${label} must be one of the listed options.`,
  });

export function contactSchema(opts: ContactSchemaOptions) {
  return z.object({
    fullName: required(LABELS.fullName, 100),
    email: required(LABELS.email, 254).refine((v) => isBusinessEmail(v, opts.blockedDomains), MESSAGES.email),
    orgName: required(LABELS.orgName, 200),
    jobTitle: required(LABELS.jobTitle, 100),
    industry: required(LABELS.industry, 100),
    companySize: choice(COMPANY_SIZES, LABELS.companySize),
    mobile: required(LABELS.mobile, 20)
      .refine(hasOnlyPhoneCharacters, MESSAGES.mobile)
      .refine(isValidMobile, MESSAGES.mobile),
    budget: choice(BUDGETS, LABELS.budget),
    projectDetails: z
      .string({ error: `${LABELS.projectDetails} must be text.` })
      // Multipart bodies turn every line break into CRLF; store (and count) them as one character.
      .overwrite((v) => v.replace(/\r\n?/g, "\n"))
      .trim()
      .max(5000, `${LABELS.projectDetails} must be at most 5000 characters.`)
      .default(""),
    projectType: choice(PROJECT_TYPES, LABELS.projectType),
    deadline: required(LABELS.deadline, 10)
      .refine(isIsoDate, MESSAGES.date)
      .refine((v) => !opts.minDeadline || !isIsoDate(v) || v >= opts.minDeadline, MESSAGES.pastDate),
    /** Optional news mail, an unticked box: "yes" when ticked; the inquiry itself needs no consent. */
    marketingConsent: z
      .enum(CONSENT_VALUES, { error: "marketingConsent must be yes or no." })
      .optional()
      .transform((v) => v === "yes"),
  });
}

export type ContactInput = z.output<ReturnType<typeof contactSchema>>;
export type ContactValues = Record<Exclude<ContactField, "uploadedFile">, string>;

/** The first message for each field that has a problem (what the form shows beside each field). */
export function fieldErrors(
  schema: ReturnType<typeof contactSchema>,
  values: unknown,
): Partial<Record<ContactField, string>> {
  const res = schema.safeParse(values);
  return res.success ? {} : firstErrors<ContactField>(res.error.issues);
}

// ---- where the visitor came from --------------------------------------------------------------

export const UTM_KEY = /^utm_[a-z0-9_]{1,30}$/;

/** The utm_* parameters of a query string or parsed fields: at most 10, each value at most 200 characters. */
export function pickUtm(entries: Iterable<[string, unknown]>): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [k, v] of entries) {
    if (n >= 10) break;
    if (!UTM_KEY.test(k) || typeof v !== "string") continue;
    const value = v.trim().slice(0, 200);
    if (value && !(k in out)) {
      out[k] = value;
      n++;
    }
  }
  return out;
}

/** A referring page without its query or fragment (they may carry personal data), at most 500 characters. */
export function cleanSourcePage(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  try {
    const u = new URL(value.trim());
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return `${u.origin}${u.pathname}`.slice(0, 500);
  } catch {
    return null;
  }
}
