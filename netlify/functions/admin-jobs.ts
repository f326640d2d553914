import type { Config } from "@netlify/functions";
import { listQuery, queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod, validate } from "../../src/server/http/http";
import { listJobsForStaff } from "../../src/server/careers/jobs-admin";

/** GET /api/admin-jobs?page= -> { jobs, page, pageSize, total, hasMore }: job posts with application counts (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const { page } = validate(listQuery, queryOf(new URL(req.url)));
  return json(await listJobsForStaff(app.deps, page));
});

export const config: Config = { path: "/api/admin-jobs" };
