import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod } from "../../src/server/http/http";
import { overview } from "../../src/server/overview/overview";

/** GET /api/overview -> the dashboard overview's figures (every staff role). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  return json(await overview(app.deps));
});

export const config: Config = { path: "/api/overview" };
