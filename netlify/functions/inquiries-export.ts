import type { Config } from "@netlify/functions";
import { inquiryListQuery } from "../../src/shared/contact/admin-schemas";
import { queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { applySecurityHeaders, NO_STORE } from "../../src/server/http/headers";
import { requireMethod, validate } from "../../src/server/http/http";
import { exportInquiriesCsv } from "../../src/server/contact/inquiries-admin";

/** GET /api/inquiries/export?handled=&from=&to= -> text/csv download of every matching inquiry (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const { page: _page, ...filters } = validate(inquiryListQuery, queryOf(new URL(req.url)));
  const csv = await exportInquiriesCsv(app.deps, filters);
  const day = app.now().toISOString().slice(0, 10);
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": NO_STORE,
    }),
  );
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  return new Response(`\ufeff${csv}\r\n`, { headers });
});

export const config: Config = { path: "/api/inquiries/export" };
