import type { Config } from "@netlify/functions";
import { inquiryListQuery } from "../../src/shared/contact/admin-schemas";
import { queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod, validate } from "../../src/server/http/http";
import { listInquiries } from "../../src/server/contact/inquiries-admin";

/** GET /api/inquiries?handled=&from=&to=&page= -> { inquiries, page, pageSize, total, hasMore } (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const filters = validate(inquiryListQuery, queryOf(new URL(req.url)));
  return json(await listInquiries(app.deps, filters));
});

export const config: Config = { path: "/api/inquiries" };
