/**
 * Reading and pruning the audit trail (written by src/server/common/audit.ts): the root_admin's
 * list with filters (who, what, dates) and its CSV export. Entries older than AUDIT_RETENTION_DAYS
 * are deleted by the daily housekeeping job (src/server/privacy/housekeeping.ts).
 */
import type { AuditFilters } from "../../shared/audit/audit";
import type { AuditRecord } from "../../shared/audit/api";
import { Unprocessable } from "../common/errors";
import type { Deps } from "../common/deps";
import { toCsv } from "../common/csv";

export const AUDIT_PER_PAGE = 50;
export const MAX_AUDIT_EXPORT = 50_000;

interface Row {
  id: number | string;
  at: Date | string;
  actor_email: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  address: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | string;
  [k: string]: unknown;
}

const toRecord = (r: Row): AuditRecord => ({
  id: Number(r.id),
  at: new Date(r.at).toISOString(),
  who: r.actor_email,
  action: r.action,
  entity: r.entity,
  entityId: r.entity_id,
  address: r.address,
  changes: typeof r.changes === "string" ? (JSON.parse(r.changes) as AuditRecord["changes"]) : r.changes,
});

function whereOf(f: Omit<AuditFilters, "page">, params: unknown[]): string {
  const parts: string[] = [];
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v);
    parts.push(sql(`$${params.length}`));
  };
  // A part of the e-mail: the LIKE wildcards typed by the user are matched literally.
  if (f.who) add((n) => `a.actor_email ILIKE ${n} ESCAPE '\\'`, `%${f.who.replace(/[\\%_]/g, "\\$&")}%`);
  if (f.action?.includes(".")) add((n) => `a.action = ${n}`, f.action);
  else if (f.action) add((n) => `a.action LIKE ${n}`, `${f.action}.%`);
  if (f.from) add((n) => `a.at >= ${n}::timestamptz`, `${f.from}T00:00:00Z`);
  if (f.to) add((n) => `a.at < ${n}::timestamptz + interval '1 day'`, `${f.to}T00:00:00Z`);
  return parts.length ? `WHERE ${parts.join(" AND ")}` : "";
}

const SELECT =
  "SELECT a.id, a.at, a.actor_email, a.action, a.entity, a.entity_id, a.address, a.changes FROM audit_log a";

export async function listAudit({ db }: Pick<Deps, "db">, f: AuditFilters) {
  const params: unknown[] = [AUDIT_PER_PAGE + 1, (f.page - 1) * AUDIT_PER_PAGE];
  const rows = await db.query<Row>(
    `${SELECT} ${whereOf(f, params)} ORDER BY a.at DESC, a.id DESC LIMIT $1 OFFSET $2`,
    params,
  );
  const countParams: unknown[] = [];
  const [{ n }] = (await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log a ${whereOf(f, countParams)}`,
    countParams,
  )) as [{ n: number }];
  return {
    entries: rows.slice(0, AUDIT_PER_PAGE).map(toRecord),
    page: f.page,
    pageSize: AUDIT_PER_PAGE,
    total: n,
    hasMore: rows.length > AUDIT_PER_PAGE,
  };
}

export const AUDIT_CSV_COLUMNS = [
  "When",
  "Who",
  "Action",
  "Record",
  "Record id",
  "Address",
  "Changes",
] as const;

export async function exportAuditCsv(
  { db }: Pick<Deps, "db">,
  f: Omit<AuditFilters, "page">,
): Promise<string> {
  const params: unknown[] = [MAX_AUDIT_EXPORT + 1];
  const rows = await db.query<Row>(
    `${SELECT} ${whereOf(f, params)} ORDER BY a.at DESC, a.id DESC LIMIT $1`,
    params,
  );
  if (rows.length > MAX_AUDIT_EXPORT)
    throw new Unprocessable(
      `More than ${MAX_AUDIT_EXPORT} entries match. Choose a shorter date range to export them.`,
    );
  const data = rows.map(toRecord).map((r) => [
    r.at,
    r.who ?? "",
    r.action,
    r.entity ?? "",
    r.entityId ?? "",
    r.address ?? "",
    Object.entries(r.changes)
      .map(([k, v]) => `${k}: ${JSON.stringify(v.from)} -> ${JSON.stringify(v.to)}`)
      .join("; "),
  ]);
  return toCsv(AUDIT_CSV_COLUMNS, data);
}
