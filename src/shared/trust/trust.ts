/**
 * The trust center's rules, shared by /trust's form (no script: the browser posts it), the
 * functions and the dashboard: a request for restricted documents, the click-through NDA it
 * accepts, the documents' and subprocessors' fields. Browser-safe: no server imports.
 */
import * as z from "zod";
import "../common/zod-config";
import { isBusinessEmail } from "../contact/rules";

/** The lead kinds: a contact inquiry, or a security review's request for restricted documents. */
export const LEAD_KINDS = ["contact", "security review"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const isLeadKind = (v: string): v is LeadKind => (LEAD_KINDS as readonly string[]).includes(v);

/** The click-through NDA a requester accepts; its version is recorded with the time. */
export const NDA = {
  version: "2026-11-01",
  title: "Mutual non-disclosure terms for security review documents",
  terms: [
    "The documents are shared only to evaluate our services for your company; do not share them outside the people doing that evaluation and your advisers bound by confidentiality.",
    "Do not publish, sell or reverse-engineer them, and delete them when the evaluation ends or when we ask.",
    "These terms last three years from today and are governed by the laws of the State of Delaware.",
  ],
} as const;

/** A request's links work this long after approval. */
export const DOCUMENT_LINK_DAYS = 7;

/** A document's id: lower-case words joined by hyphens ("soc2-report"). */
export const DOCUMENT_ID = /^[a-z0-9][a-z0-9-]{1,39}$/;

export const DOCUMENT_ACCESS = ["public", "restricted"] as const;
export type DocumentAccess = (typeof DOCUMENT_ACCESS)[number];

export const TRUST_LABELS = {
  name: "Your name",
  email: "Work e-mail",
  company: "Company",
  documents: "Documents",
  ndaAccepted: "I accept the non-disclosure terms above",
} as const;

export const TRUST_MESSAGES = {
  email: "Enter your work e-mail address.",
  documents: "Choose at least one document.",
  nda: "Accept the non-disclosure terms to request restricted documents: they are shared under NDA only.",
  fixErrors: "Please correct the errors in the form.",
  sent: "Your request was sent. We check every request within one business day and e-mail you the links once it is approved.",
} as const;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** One value or several (a browser posts a single ticked box as a string). */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : typeof v === "string" ? [v] : v), z.array(item));

/** A ticked box as a browser posts it ("on" or the value given), or true from JSON. */
const ticked = (message: string) =>
  z.preprocess(
    (v) => (v === "on" || v === "true" || v === "yes" ? true : v),
    z.literal(true, { error: message }),
  );

export function trustRequestSchema(opts: { blockedDomains: readonly string[] }) {
  return z.object({
    name: required(TRUST_LABELS.name, 100),
    email: required(TRUST_LABELS.email, 254).refine(
      (v) => isBusinessEmail(v, opts.blockedDomains),
      TRUST_MESSAGES.email,
    ),
    company: required(TRUST_LABELS.company, 200),
    documents: list(z.string().regex(DOCUMENT_ID, "A document's id is not valid."))
      .pipe(z.array(z.string()).min(1, TRUST_MESSAGES.documents).max(20, "Choose at most 20 documents."))
      .transform((l) => [...new Set(l)]),
    ndaAccepted: ticked(TRUST_MESSAGES.nda),
  });
}
export type TrustRequestInput = z.output<ReturnType<typeof trustRequestSchema>>;

/** A subprocessor as an editor writes it. */
export const subprocessorSchema = z.object({
  name: required("Name", 120),
  purpose: required("Purpose", 300),
  location: required("Location", 120),
  transfer: required("Transfer mechanism", 200),
});
export type SubprocessorInput = z.output<typeof subprocessorSchema>;

export const SUBPROCESSOR_LABELS = {
  name: "Name",
  purpose: "Purpose",
  location: "Location",
  transfer: "Transfer mechanism",
} as const;

/** The feed of subprocessor changes, linked from /trust. */
export const SUBPROCESSORS_FEED_PATH = "/trust/subprocessors.xml";
/** Where a request sent without script lands. */
export const TRUST_REQUESTED_PATH = "/trust/requested";

/**
 * A trust center document's file: a PDF (judged by its bytes when it is published), at most this
 * large. Larger than a function's body (src/shared/common/upload-limits.ts), so the browser sends
 * it straight to storage through a signed upload link, and downloads come the same way.
 */
export const MAX_DOCUMENT_BYTES = 20_000_000;
export const MAX_DOCUMENT_LABEL = `${MAX_DOCUMENT_BYTES / 1_000_000} MB`;
export const DOCUMENT_TYPE = "application/pdf";

export const DOCUMENT_LABELS = {
  title: "Title",
  access: "Access",
  file: "PDF file",
} as const;

export const DOCUMENT_ACCESS_LABELS: Record<DocumentAccess, string> = {
  public: "Public: anyone downloads it",
  restricted: "Restricted: by approved request, under NDA",
};

/** What an admin sends to upload a document's file: a new document, or a new file for one (id). */
export const documentUploadSchema = z.object({
  id: z
    .string()
    .regex(DOCUMENT_ID, "The document id is not valid: lower-case letters, digits and hyphens.")
    .optional(),
  title: required(DOCUMENT_LABELS.title, 120).refine(
    (v) => v.length >= 2,
    "Title must be at least 2 characters.",
  ),
  access: z.enum(DOCUMENT_ACCESS, { error: "Choose who may download the document: public or restricted." }),
  // Bodies arrive as text (one parser for JSON and forms): the size is read from digits.
  size: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ error: "The file's size in bytes is required." })
      .int("The file's size must be a whole number of bytes.")
      .min(1, "The file is empty.")
      .max(MAX_DOCUMENT_BYTES, `The file is too large: the limit is ${MAX_DOCUMENT_LABEL}.`),
  ),
});
export type DocumentUploadInput = z.output<typeof documentUploadSchema>;

/** A document's id made from its title ("SOC 2 report" -> "soc-2-report"). */
export function documentIdOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32)
    .replace(/-+$/, "");
  return slug.length >= 2 ? slug : `document-${slug || "x"}`;
}
