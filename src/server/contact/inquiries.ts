/**
 * Contact inquiries: store one (file first, then the row, and the file removed again if the row
 * cannot be written) and read one back. Telling sales by mail is sales-mail.ts.
 */
import type { ContactInput } from "../../shared/contact/contact";
import { PRIVACY_NOTICE } from "../../shared/privacy/notice";
import type { InquiryFields } from "../../shared/contact/leads";
import type { Deps } from "../common/deps";
import { newKey } from "../platform/storage/storage";
import type { CheckedFile } from "../common/files";
import type { Db } from "../platform/db/db";

export interface InquiryMeta {
  sourcePage: string | null;
  utm: Record<string, string>;
  /** When the visitor sent the form (the time a consent is recorded with); the database's now() if absent. */
  at?: Date | undefined;
  /** More writes of the same transaction, once the inquiry has its id. */
  then?: (tx: Db, id: number) => Promise<void>;
}

export interface Inquiry extends InquiryFields {
  file: { key: string; name: string; type: string | null; size: number | null } | null;
  createdAt: string;
}

/** Links to an attachment stay valid this long (the longest an S3 presigned link may live). */
export const ATTACHMENT_LINK_SECONDS = 7 * 24 * 3600;

export async function saveInquiry(
  deps: Pick<Deps, "db" | "storage" | "log">,
  input: ContactInput,
  file: CheckedFile | undefined,
  meta: InquiryMeta,
): Promise<number> {
  let key: string | undefined;
  if (file) {
    key = newKey("private", file.ext);
    await deps.storage.put(key, file.bytes, file.mime);
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const id = await insertInquiry(tx, input, key, file, meta);
      // The inquiry's other rows (its webhook events) commit with it, or neither does.
      await meta.then?.(tx, id);
      return id;
    });
  } catch (err) {
    if (key) {
      await deps.storage
        .delete(key)
        .catch((e: unknown) => deps.log.error("orphan file left", { error: String(e) }));
    }
    throw err;
  }
}

async function insertInquiry(
  db: Db,
  input: ContactInput,
  key: string | undefined,
  file: CheckedFile | undefined,
  meta: InquiryMeta,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO inquiries (full_name, email, org_name, job_title, industry, company_size, mobile, budget,
         project_type, deadline, project_details, file_key, file_name, file_type, file_size, source_page, utm,
         marketing_consent, marketing_consent_version, marketing_consent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb,
         $18, $19, CASE WHEN $18 THEN COALESCE($20::timestamptz, now()) END)
       RETURNING id`,
    [
      input.fullName,
      input.email,
      input.orgName,
      input.jobTitle,
      input.industry,
      input.companySize,
      input.mobile,
      input.budget,
      input.projectType,
      input.deadline || null,
      input.projectDetails,
      key ?? null,
      file ? file.name : null,
      file ? file.mime : null,
      file ? file.size : null,
      meta.sourcePage,
      JSON.stringify(meta.utm),
      // News mail only with the ticked box, recorded with the notice's version and the time.
      input.marketingConsent,
      input.marketingConsent ? PRIVACY_NOTICE.version : null,
      meta.at ? meta.at.toISOString() : null,
    ],
  );
  return rows[0]!.id;
}

/** An inquiries row as the drivers return it. */
export interface InquiryRow {
  id: number;
  kind: string;
  full_name: string;
  email: string;
  org_name: string;
  /** The contact form's own fields: null on a security review's lead. */
  job_title: string | null;
  industry: string | null;
  company_size: string | null;
  mobile: string | null;
  budget: string | null;
  project_type: string | null;
  deadline: Date | string | null;
  project_details: string;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  source_page: string | null;
  utm: Record<string, string> | string | null;
  marketing_consent: boolean;
  marketing_consent_version: string | null;
  marketing_consent_at: Date | string | null;
  created_at: Date | string;
  [k: string]: unknown;
}

/** A date column as YYYY-MM-DD whatever the driver returns (pg gives a local-midnight Date). */
function dateOnly(v: Date | string | null): string | null {
  if (v === null) return null;
  if (typeof v === "string") return v.slice(0, 10);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${v.getFullYear()}-${p(v.getMonth() + 1)}-${p(v.getDate())}`;
}

/** The one mapping of an inquiries row, shared by the contact service and the leads inbox. */
export function inquiryFromRow(r: InquiryRow): Inquiry {
  return {
    id: r.id,
    kind: r.kind === "security review" ? "security review" : "contact",
    fullName: r.full_name,
    email: r.email,
    orgName: r.org_name,
    jobTitle: r.job_title ?? "",
    industry: r.industry ?? "",
    companySize: r.company_size ?? "",
    mobile: r.mobile ?? "",
    budget: r.budget ?? "",
    projectType: r.project_type ?? "",
    deadline: dateOnly(r.deadline),
    projectDetails: r.project_details,
    file: r.file_key
      ? { key: r.file_key, name: r.file_name ?? "file", type: r.file_type, size: r.file_size }
      : null,
    sourcePage: r.source_page,
    utm: typeof r.utm === "string" ? (JSON.parse(r.utm) as Record<string, string>) : (r.utm ?? {}),
    marketingConsentVersion: r.marketing_consent ? r.marketing_consent_version : null,
    marketingConsentAt:
      r.marketing_consent && r.marketing_consent_at ? new Date(r.marketing_consent_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function getInquiry(deps: Pick<Deps, "db">, id: number): Promise<Inquiry | undefined> {
  const rows = await deps.db.query<InquiryRow>(
    `SELECT id, kind, full_name, email, org_name, job_title, industry, company_size, mobile, budget, project_type,
            to_char(deadline, 'YYYY-MM-DD') AS deadline, project_details, file_key, file_name, file_type,
            file_size, source_page, utm, marketing_consent, marketing_consent_version, marketing_consent_at,
            created_at
       FROM inquiries WHERE id = $1`,
    [id],
  );
  const r = rows[0];
  return r ? inquiryFromRow(r) : undefined;
}

/** The name shown on the thank-you page. */
export async function inquiryName(deps: Pick<Deps, "db">, id: number): Promise<string | undefined> {
  const rows = await deps.db.query<{ full_name: string }>("SELECT full_name FROM inquiries WHERE id = $1", [
    id,
  ]);
  return rows[0]?.full_name;
}

/** The download name of an attachment: the inquiry number only, never the visitor's file name. */
export function attachmentDownloadName(inquiry: Pick<Inquiry, "id" | "file">): string {
  const ext = inquiry.file?.key.split(".").pop() ?? "bin";
  return `inquiry-${inquiry.id}.${ext}`;
}
