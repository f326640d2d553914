import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { csvDownload } from "../../src/server/http/csv";
import { exportAuditCsv } from "../../src/server/audit/trail";
import { auditLogExportApi } from "../../src/shared/audit/api";

/** Every matching entry (the trail's filters, all pages). */
export default endpoint(auditLogExportApi, async ({ deps, query: { page: _page, ...filters } }) => {
  const csv = await exportAuditCsv(deps, filters);
  return csvDownload(`audit-${deps.now().toISOString().slice(0, 10)}.csv`, csv);
});

export const config: Config = { path: "/api/audit-log/export" };
