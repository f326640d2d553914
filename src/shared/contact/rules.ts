/**
 * The contact inquiry's fields, options, messages and single-field rules, without zod: the form
 * (an island that must stay small) imports this module; contact.ts builds POST /api/submit's zod
 * schema from the same rules, and contactErrors below gives the form the schema's own messages.
 */
import { fileExtension, MAX_FILES_LABEL, UPLOADS } from "../common/upload-limits";

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
  email: "Work email",
  orgName: "Company",
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
  email: "Enter a valid email address, like name@yourcompany.com.",
  /** A free-mail address (gmail.com and the like): say what is needed and why. */
  workEmail:
    "Use your work email (name@yourcompany.com): we reply to businesses only, and a work address lets us reach the right team.",
  mobile: "Enter a valid Mobile Number",
  date: "Date input not valid.",
  pastDate: "The deadline can't be in the past.",
  failed: "Failed to submit form",
} as const;

export { HONEYPOT_FIELD } from "../common/honeypot";

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
 * The shape of an address: exactly one at-sign, a domain with a dot that does not end with a dot,
 * a local part, no spaces, sane length.
 */
export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  if (email.length > 254 || /\s/.test(email)) return false;
  const parts = email.split("@");
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!local || local.length > 64 || !domain.includes(".") || domain.endsWith(".")) return false;
  return !(domain.startsWith(".") || domain.includes("..") || !/^[A-Za-z0-9.-]+$/.test(domain));
}

/** Not an address at a free-mail domain (a well-formed address is assumed). */
export function isWorkDomain(value: string, blockedDomains: readonly string[]): boolean {
  const domain = value.trim().split("@")[1] ?? "";
  return !blockedDomains.includes(domain.toLowerCase());
}

/** The business e-mail rule (SPEC section 5): a well-formed address, not at a free-mail domain. */
export function isBusinessEmail(value: string, blockedDomains: readonly string[]): boolean {
  return isEmailAddress(value) && isWorkDomain(value, blockedDomains);
}

/** What is wrong with an address given as a work e-mail, if anything (the two cases say different things). */
export function businessEmailProblem(value: string, blockedDomains: readonly string[]): string | undefined {
  if (!isEmailAddress(value)) return MESSAGES.email;
  if (!isWorkDomain(value, blockedDomains)) return MESSAGES.workEmail;
  return undefined;
}

/** Digits only, with one optional '+' as the first character (what the phone input accepts). */
export function hasOnlyPhoneCharacters(value: string): boolean {
  return /^\+?\d*$/.test(value);
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

// ---- the form's messages ----------------------------------------------------------------------

export interface ContactSchemaOptions {
  blockedDomains: readonly string[];
  /** The earliest deadline accepted (YYYY-MM-DD); the browser passes its today, the server yesterday (UTC). */
  minDeadline?: string | undefined;
}

export type ContactValues = Record<Exclude<ContactField, "uploadedFile">, string>;

type Rule = [ok: (v: string) => boolean, message: string];
const requiredRules = (label: string, max: number): Rule[] => [
  [(v) => v.length >= 1, `${label} is required.`],
  [(v) => v.length <= max, `${label} must be at most ${max} characters.`],
];
const choiceMessage = (options: readonly string[], label: string, v: string) =>
  options.includes(v)
    ? undefined
    : v.trim() === ""
      ? `${label} is required.`
      : `${label} must be one of the listed options.`;

/**
 * The first message for each field that has a problem: what contactSchema(opts) reports for the
 * same values (tests/unit/contact-schema.test.ts holds the two to the same answers), without zod.
 */
export function contactErrors(
  values: ContactValues,
  opts: ContactSchemaOptions & {
    /** phone.ts's isValidMobile: the phone metadata is a chunk the form loads apart. */
    isValidMobile(value: string): boolean;
  },
): Partial<Record<ContactField, string>> {
  const out: Partial<Record<ContactField, string>> = {};
  const text = (f: ContactField, v: string, rules: Rule[]) => {
    const t = v.trim();
    const broken = rules.find(([ok]) => !ok(t));
    if (broken) out[f] = broken[1];
  };
  text("fullName", values.fullName, requiredRules(LABELS.fullName, 100));
  text("email", values.email, [
    ...requiredRules(LABELS.email, 254),
    [isEmailAddress, MESSAGES.email],
    [(v) => isWorkDomain(v, opts.blockedDomains), MESSAGES.workEmail],
  ]);
  text("orgName", values.orgName, requiredRules(LABELS.orgName, 200));
  text("jobTitle", values.jobTitle, requiredRules(LABELS.jobTitle, 100));
  text("industry", values.industry, requiredRules(LABELS.industry, 100));
  const size = choiceMessage(COMPANY_SIZES, LABELS.companySize, values.companySize);
  if (size) out.companySize = size;
  text("mobile", values.mobile, [
    ...requiredRules(LABELS.mobile, 20),
    [hasOnlyPhoneCharacters, MESSAGES.mobile],
    [opts.isValidMobile, MESSAGES.mobile],
  ]);
  const budget = choiceMessage(BUDGETS, LABELS.budget, values.budget);
  if (budget) out.budget = budget;
  text("projectDetails", values.projectDetails.replace(/\r\n?/g, "\n"), [
    [(v) => v.length <= 5000, `${LABELS.projectDetails} must be at most 5000 characters.`],
  ]);
  const type = choiceMessage(PROJECT_TYPES, LABELS.projectType, values.projectType);
  if (type) out.projectType = type;
  text("deadline", values.deadline, [
    ...requiredRules(LABELS.deadline, 10),
    [isIsoDate, MESSAGES.date],
    [(v) => !opts.minDeadline || !isIsoDate(v) || v >= opts.minDeadline, MESSAGES.pastDate],
  ]);
  return out;
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
