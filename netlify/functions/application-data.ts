import type { Config } from "@netlify/functions";
import { applicationListQuery } from "../../src/shared/careers/admin-schemas";
import { queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { listApplications } from "../../src/server/careers/applications-admin";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod, validate } from "../../src/server/http/http";

/**
 * GET /api/application_data?status=&page= -> { applications, page, pageSize, total, hasMore } (staff).
 * /api/applications and /api/application_data are the same listing (SPEC section 7).
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const q = validate(applicationListQuery, queryOf(new URL(req.url)));
  return json(await listApplications(await app.db(), q));
});

export const config: Config = { path: "/api/application_data" };
