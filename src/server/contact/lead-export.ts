/** The leads export: the filtered, sorted list as CSV, with stage, owner and the last note. */
import type { Lead } from "../../shared/contact/leads-api";
import { Unprocessable } from "../common/errors";
import type { Deps } from "../common/deps";
import { toCsv } from "../common/csv";
import { DETAILS, leadsOf, orderOf, whereOf, type LeadRow, type ListFilters } from "./lead-list";

/** The most rows one export carries; narrow the filters for more. */
export const MAX_EXPORT_ROWS = 20_000;

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
  "Stage",
  "Owner",
  "Last note",
  "Last note by",
  "Last note at",
  "Handled",
  "Handled at",
  "Handled by",
] as const;

function csvRow(i: Lead): string[] {
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
    i.stage,
    i.owner?.email ?? "",
    i.lastNote?.body ?? "",
    i.lastNote?.by ?? "",
    i.lastNote?.at ?? "",
    i.handled ? "Yes" : "No",
    i.handledAt ?? "",
    i.handledBy ?? "",
  ];
}

/** The filtered, sorted list (every page) as CSV with a header row. */
export async function exportLeadsCsv(
  { db, env, now }: Pick<Deps, "db" | "env" | "now">,
  f: Omit<ListFilters, "page">,
): Promise<string> {
  const params: unknown[] = [MAX_EXPORT_ROWS + 1];
  const where = whereOf(f, params, { now: now(), targets: env.targets });
  const rows = await db.query<LeadRow>(
    `${DETAILS} ${where} ORDER BY ${orderOf(f.sort, env.targets)} LIMIT $1`,
    params,
  );
  if (rows.length > MAX_EXPORT_ROWS)
    throw new Unprocessable(
      `More than ${MAX_EXPORT_ROWS} leads match. Narrow the filters (a shorter date range) to export them.`,
    );
  return toCsv(CSV_COLUMNS, (await leadsOf(db, rows, env)).map(csvRow));
}
