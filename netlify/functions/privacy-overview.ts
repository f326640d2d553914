import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { requireStaff } from "../../src/server/http/staff-auth";
import { privacyOverview } from "../../src/server/privacy/staff";
import { privacyOverviewApi } from "../../src/shared/api/privacy";

/**
 * GET /api/privacy/overview -> { retention, runs, expiring } (root_admin): the lifetimes, what the
 * housekeeping job did on each of its recent runs, and what expires in the next 30 days.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "users");
    return respond(privacyOverviewApi, await privacyOverview(app.deps));
  },
  { api: privacyOverviewApi },
);

export const config: Config = { path: "/api/privacy/overview" };
