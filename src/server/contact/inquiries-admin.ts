/**
 * The staff leads inbox: contact inquiries newest first with every field, filtered by the
 * handled flag and a date range (whole UTC days), paged on the server; the handled flag; signed
 * links to attachments; and a CSV export whose cells cannot run as spreadsheet formulas.
 */
import Papa from "papaparse";
import type { InquiryFilters } from "../../shared/contact/admin-schemas";
import type { StaffInquiry } from "../../shared/contact/leads";
export type { StaffInquiry };
import type { StaffSession } from "../../shared/staff/staff";
import { inquiryFromRow, type InquiryRow as ContactInquiryRow } from "./inquiries";
import { nextAttemptAt } from "./notify-retry";
import type { Deps } from "../common/deps";
import { NotFound, Unprocessable } from "../common/errors";

export const INQUIRIES_PER_PAGE = 25;
/** The most rows one export carries; narrow the dates for more. */
export const MAX_EXPORT_ROWS = 20_000;
export const FILE_LINK_SECONDS = 120;

type InquiryRow = ContactInquiryRow & {
  handled: boolean;
  handled_at: Date | string | null;
  handled_by_email: string | null;
  notify_sent: boolean;
  notify_failures: number;
  notify_last_at: Date | string | null;
};

function notificationOf(r: InquiryRow): StaffInquiry["notification"] {
  const failures = r.notify_sent ? 0 : Number(r.notify_failures);
  const lastAttemptAt = r.notify_last_at ? new Date(r.notify_last_at) : null;
  const next =
    failures > 0 && lastAttemptAt
      ? nextAttemptAt({ id: r.id, createdAt: new Date(r.created_at), failures, lastAttempt: lastAttemptAt })
      : null;
  return {
    sent: r.notify_sent,
    failures,
    lastAttemptAt: lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: next?.toISOString() ?? null,
  };
}

function toInquiry(r: InquiryRow): StaffInquiry {
  const { file, ...rest } = inquiryFromRow(r);
  return {
    ...rest,
    // Staff open the file through a signed link; its storage key stays on the server.
    file: file ? { name: file.name, type: file.type, size: file.size } : null,
    handled: r.handled,
    handledAt: r.handled_at ? new Date(r.handled_at).toISOString() : null,
    handledBy: r.handled_by_email,
    notification: notificationOf(r),
  };
}

/** WHERE clause and parameters of the filters; `to` includes the whole day. */
function whereOf(f: InquiryFilters, params: unknown[]) {
  const parts: string[] = [];
  if (f.handled !== undefined) {
    params.push(f.handled);
    parts.push(`i.handled = $${params.length}`);
  }
  if (f.from) {
    params.push(`${f.from}T00:00:00Z`);
    parts.push(`i.created_at >= $${params.length}::timestamptz`);
  }
  if (f.to) {
    params.push(`${f.to}T00:00:00Z`);
    parts.push(`i.created_at < $${params.length}::timestamptz + interval '1 day'`);
  }
  return parts.length ? `WHERE ${parts.join(" AND ")}` : "";
}

const SELECT = `SELECT i.id, i.full_name, i.email, i.org_name, i.job_title, i.industry, i.company_size,
       i.mobile, i.budget, i.project_type, i.deadline, i.project_details, i.file_key, i.file_name, i.file_type,
       i.file_size, i.source_page, i.utm, i.handled, i.handled_at, u.email AS handled_by_email,
       i.created_at, n.notify_sent, n.notify_failures, n.notify_last_at
  FROM inquiries i LEFT JOIN users u ON u.id = i.handled_by
  CROSS JOIN LATERAL (
    SELECT coalesce(bool_or(m.status = 'sent'), false) AS notify_sent,
           count(*) FILTER (WHERE m.status = 'failed')::int AS notify_failures,
           max(m.created_at) AS notify_last_at
      FROM mail_log m WHERE m.ref_table = 'inquiries' AND m.ref_id = i.id AND m.kind = 'inquiry') n`;

export async function listInquiries({ db }: Pick<Deps, "db">, f: InquiryFilters) {
  const params: unknown[] = [INQUIRIES_PER_PAGE + 1, (f.page - 1) * INQUIRIES_PER_PAGE];
  const where = whereOf(f, params);
  const rows = await db.query<InquiryRow>(
    `${SELECT} ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT $1 OFFSET $2`,
    params,
  );
  const countParams: unknown[] = [];
  const [{ n }] = (await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM inquiries i ${whereOf(f, countParams)}`,
    countParams,
  )) as [{ n: number }];
  return {
    inquiries: rows.slice(0, INQUIRIES_PER_PAGE).map(toInquiry),
    page: f.page,
    pageSize: INQUIRIES_PER_PAGE,
    total: n,
    hasMore: rows.length > INQUIRIES_PER_PAGE,
  };
}

export async function setHandled(
  { db, now: clock }: Pick<Deps, "db" | "now">,
  staff: StaffSession,
  id: number,
  handled: boolean,
) {
  const now = clock();
  const [row] = await db.transaction((tx) =>
    tx.query<{ id: number; handled: boolean; handled_at: Date | string | null }>(
      `UPDATE inquiries SET handled = $2,
              handled_at = CASE WHEN $2 THEN $3::timestamptz ELSE NULL END,
              handled_by = CASE WHEN $2 THEN $4::int ELSE NULL END
        WHERE id = $1 RETURNING id, handled, handled_at`,
      [id, handled, now.toISOString(), staff.userId],
    ),
  );
  if (!row) throw new NotFound("This inquiry no longer exists.");
  return {
    id: row.id,
    handled: row.handled,
    handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
    handledBy: row.handled ? staff.email : null,
  };
}

export async function inquiryFileLink(
  { db, storage }: Pick<Deps, "db" | "storage">,
  id: number,
): Promise<string> {
  const [row] = await db.query<{ file_key: string | null; file_name: string | null }>(
    "SELECT file_key, file_name FROM inquiries WHERE id = $1",
    [id],
  );
  if (!row) throw new NotFound("This inquiry no longer exists.");
  if (!row.file_key) throw new NotFound("This inquiry has no attachment.");
  const ext = row.file_key.split(".").pop() ?? "bin";
  return storage.signedUrl(row.file_key, {
    expiresIn: FILE_LINK_SECONDS,
    downloadName: `inquiry-${id}-attachment.${ext}`,
  });
}

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage
 * return) gets a leading apostrophe, as OWASP's CSV-injection guidance advises.
 */
export function neutraliseCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

export const CSV_COLUMNS = [
  "Received",
  "Full Name",
  "Business Mail",
  "Organisation Name",
  "Job Title",
  "Industry",
  "Company Size",
  "Mobile Number",
  "Approximate Budget",
  "Project Type",
  "Deadline",
  "Project details",
  "Attachment",
  "Source page",
  "Handled",
  "Handled at",
  "Handled by",
] as const;

function csvRow(i: StaffInquiry): string[] {
  return [
    i.createdAt,
    i.fullName,
    i.email,
    i.orgName,
    i.jobTitle,
    i.industry,
    i.companySize,
    i.mobile,
    i.budget,
    i.projectType,
    i.deadline ?? "",
    i.projectDetails,
    i.file?.name ?? "",
    i.sourcePage ?? "",
    i.handled ? "Yes" : "No",
    i.handledAt ?? "",
    i.handledBy ?? "",
  ].map(neutraliseCell);
}

/** The filtered list (every page) as CSV with a header row. */
export async function exportInquiriesCsv(
  { db }: Pick<Deps, "db">,
  f: Omit<InquiryFilters, "page">,
): Promise<string> {
  const params: unknown[] = [MAX_EXPORT_ROWS + 1];
  const where = whereOf({ ...f, page: 1 }, params);
  const rows = await db.query<InquiryRow>(
    `${SELECT} ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT $1`,
    params,
  );
  if (rows.length > MAX_EXPORT_ROWS)
    throw new Unprocessable(
      `More than ${MAX_EXPORT_ROWS} inquiries match. Choose a shorter date range to export them.`,
    );
  return Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows.map((r) => csvRow(toInquiry(r))) },
    { newline: "\r\n", quotes: true },
  );
}
