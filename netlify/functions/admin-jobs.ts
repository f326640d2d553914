import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, validate, respond } from "../../src/server/http/http";
import { listJobsForStaff } from "../../src/server/careers/jobs-admin";
import { adminJobsApi } from "../../src/shared/api/careers-admin";

/** GET /api/admin-jobs?page= -> { jobs, page, pageSize, total, hasMore }: job posts with application counts (staff). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const { page } = validate(adminJobsApi.query, queryOf(new URL(req.url)));
    return respond(adminJobsApi, await listJobsForStaff(app.deps, page));
  },
  { api: adminJobsApi },
);

export const config: Config = { path: "/api/admin-jobs" };
