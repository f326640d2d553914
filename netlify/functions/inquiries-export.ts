import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { applySecurityHeaders, NO_STORE } from "../../src/server/http/headers";
import { requireMethod, validate } from "../../src/server/http/http";
import { exportLeadsCsv } from "../../src/server/contact/lead-export";
import { inquiriesExportApi } from "../../src/shared/api/leads";

/**
 * GET /api/inquiries/export?q=&stage=&owner=&handled=&from=&to=&sort= -> text/csv download of
 * every matching lead, with its stage, owner and last note (staff).
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const { page: _page, ...filters } = validate(inquiriesExportApi.query, queryOf(new URL(req.url)));
    const csv = await exportLeadsCsv(app.deps, filters);
    const day = app.deps.now().toISOString().slice(0, 10);
    const headers = applySecurityHeaders(
      new Headers({
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
        "Cache-Control": NO_STORE,
      }),
    );
    // The byte-order mark makes spreadsheet programs read the file as UTF-8.
    return new Response(`\ufeff${csv}\r\n`, { headers });
  },
  { api: inquiriesExportApi },
);

export const config: Config = { path: "/api/inquiries/export" };
