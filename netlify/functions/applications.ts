import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { listApplications } from "../../src/server/careers/applications-admin";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, validate, respond } from "../../src/server/http/http";
import { applicationDataApi, applicationsApi } from "../../src/shared/api/careers-admin";

/**
 * GET /api/applications?status=&page= -> { applications, page, pageSize, total, hasMore } (staff).
 * /api/application_data is the same listing under its other name (SPEC section 7).
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    // Both names take the same query and answer the same list.
    const q = validate(applicationsApi.query, queryOf(new URL(req.url)));
    return respond(applicationsApi, await listApplications(app.deps, q));
  },
  { api: [applicationsApi, applicationDataApi] },
);

export const config: Config = { path: ["/api/applications", "/api/application_data"] };
