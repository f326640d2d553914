/**
 * The contact inquiry: the one zod schema that POST /api/submit (the authority) uses, built from
 * the zod-free rules in rules.ts (which the form imports, with contactErrors: the same messages).
 * Browser-safe: no server imports.
 */
import * as z from "zod";
import "../common/zod-config";
import { fieldErrors as firstErrors } from "../common/schema-fields";
import { CONSENT_VALUES } from "../privacy/notice";
import {
  BUDGETS,
  COMPANY_SIZES,
  hasOnlyPhoneCharacters,
  isEmailAddress,
  isWorkDomain,
  isIsoDate,
  LABELS,
  MESSAGES,
  PROJECT_TYPES,
  type ContactField,
  type ContactSchemaOptions,
} from "./rules";
import { isValidMobile } from "./phone";

// ---- the schema ------------------------------------------------------------------------------

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
    email: required(LABELS.email, 254)
      .refine(isEmailAddress, { message: MESSAGES.email, abort: true })
      .refine((v) => isWorkDomain(v, opts.blockedDomains), MESSAGES.workEmail),
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

/** The first message for each field that has a problem (what the form shows beside each field). */
export function fieldErrors(
  schema: ReturnType<typeof contactSchema>,
  values: unknown,
): Partial<Record<ContactField, string>> {
  const res = schema.safeParse(values);
  return res.success ? {} : firstErrors<ContactField>(res.error.issues);
}
