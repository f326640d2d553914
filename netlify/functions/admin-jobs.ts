import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listJobsForStaff } from "../../src/server/careers/jobs-admin";
import { adminJobsApi } from "../../src/shared/careers/admin-api";

/** Job posts with their numbers of applications. */
export default endpoint(adminJobsApi, async ({ deps, query: { page } }) => listJobsForStaff(deps, page));

export const config: Config = { path: "/api/admin-jobs" };
