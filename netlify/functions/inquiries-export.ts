import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { csvDownload } from "../../src/server/http/csv";
import { exportLeadsCsv } from "../../src/server/contact/lead-export";
import { inquiriesExportApi } from "../../src/shared/contact/leads-api";

/** Every matching lead (the list's filters, all pages), with its stage, owner and last note. */
export default endpoint(inquiriesExportApi, async ({ deps, query: { page: _page, ...filters } }) => {
  const csv = await exportLeadsCsv(deps, filters);
  return csvDownload(`leads-${deps.now().toISOString().slice(0, 10)}.csv`, csv);
});

export const config: Config = { path: "/api/inquiries/export" };
