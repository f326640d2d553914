/**
 * The leads export: the filtered, sorted list as CSV, with stage, owner and the last note. A lead
 * merged into another is a row of its own ("merged into #N"), with its own first message and
 * attachment's name, which the list shows on the lead it went into.
 */
import type { Lead } from "../../shared/contact/leads-api";
import { Unprocessable } from "../common/errors";
import type { Deps } from "../common/deps";
import { toCsv } from "../common/csv";
import { DETAILS, leadsOf, orderOf, whereOf, type LeadRow, type ListFilters } from "./lead-list";

/** The most rows one export carries; narrow the filters for more. */
export const MAX_EXPORT_ROWS = 20_000;

export const CSV_COLUMNS = [
  "Lead",
  "Merged",
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
  "Sent from",
  "Stage",
  "Owner",
  "Last note",
  "Last note by",
  "Last note at",
  "Handled",
  "Handled at",
  "Handled by",
] as const;

/**
 * The page a lead was sent from, in one form: the path on this site (older leads kept a path, newer
 * ones the page's whole address). A page of another site keeps its whole address.
 */
export function sentFrom(page: string | null, siteUrl: string): string {
  if (!page) return "";
  if (page.startsWith("/")) return page;
  try {
    const u = new URL(page);
    const own = new URL(siteUrl);
    return u.host === own.host ? u.pathname : page;
  } catch {
    return page;
  }
}

function csvRow(i: Lead, siteUrl: string): string[] {
  return [
    `#${i.id}`,
    i.mergedInto !== null ? `merged into #${i.mergedInto}` : "",
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
    sentFrom(i.sourcePage, siteUrl),
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
  const where = whereOf(f, params, { now: now(), targets: env.targets }, { withMerged: true });
  const rows = await db.query<LeadRow>(
    `${DETAILS} ${where} ORDER BY ${orderOf(f.sort, env.targets)} LIMIT $1`,
    params,
  );
  if (rows.length > MAX_EXPORT_ROWS)
    throw new Unprocessable(
      `More than ${MAX_EXPORT_ROWS} leads match. Narrow the filters (a shorter date range) to export them.`,
    );
  return toCsv(
    CSV_COLUMNS,
    (await leadsOf(db, rows, env)).map((l) => csvRow(l, env.siteUrl)),
  );
}
