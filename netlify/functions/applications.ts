import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { listApplications } from "../../src/server/careers/applications-admin";
import { applicationDataApi, applicationsApi } from "../../src/shared/careers/admin-api";

/** /api/application_data is the same listing under its other name (SPEC section 7). */
export default endpoints(
  on(applicationsApi, async ({ deps, query }) => listApplications(deps, query)),
  on(applicationDataApi, async ({ deps, query }) => listApplications(deps, query)),
);

export const config: Config = { path: ["/api/applications", "/api/application_data"] };
