import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { applySecurityHeaders, NO_STORE } from "../../src/server/http/headers";
import { requireMethod, validate } from "../../src/server/http/http";
import { exportAuditCsv } from "../../src/server/audit/trail";
import { auditLogExportApi } from "../../src/shared/api/audit";

/** GET /api/audit-log/export?who=&action=&from=&to= -> text/csv of every matching entry (root_admin). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "users");
    const { page: _page, ...filters } = validate(auditLogExportApi.query, queryOf(new URL(req.url)));
    const csv = await exportAuditCsv(app.deps, filters);
    const day = app.deps.now().toISOString().slice(0, 10);
    const headers = applySecurityHeaders(
      new Headers({
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="audit-${day}.csv"`,
        "Cache-Control": NO_STORE,
      }),
    );
    // The byte-order mark makes spreadsheet programs read the file as UTF-8.
    return new Response(`\ufeff${csv}\r\n`, { headers });
  },
  { api: auditLogExportApi },
);

export const config: Config = { path: "/api/audit-log/export" };
