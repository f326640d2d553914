import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { json, requireMethod } from "../../src/server/http/http";
import { requireStaff } from "../../src/server/http/staff-auth";
import { privacyOverview } from "../../src/server/privacy/staff";

/**
 * GET /api/privacy/overview -> { retention, runs, expiring } (root_admin): the lifetimes, what the
 * housekeeping job did on each of its recent runs, and what expires in the next 30 days.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "users");
  return json(await privacyOverview(app.deps));
});

export const config: Config = { path: "/api/privacy/overview" };
