import type { Config } from "@netlify/functions";
import { applicationListQuery } from "../../src/shared/careers/admin-schemas";
import { queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { listApplications } from "../../src/server/careers/applications-admin";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod, validate } from "../../src/server/http/http";

/**
 * GET /api/applications?status=&page= -> { applications, page, pageSize, total, hasMore } (staff).
 * /api/application_data is the same listing under its other name (SPEC section 7).
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const q = validate(applicationListQuery, queryOf(new URL(req.url)));
  return json(await listApplications(app.deps, q));
});

export const config: Config = { path: ["/api/applications", "/api/application_data"] };
