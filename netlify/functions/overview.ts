import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, respond } from "../../src/server/http/http";
import { overview } from "../../src/server/overview/overview";
import { overviewApi } from "../../src/shared/api/audit";

/** GET /api/overview -> the dashboard overview's figures (every staff role). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    return respond(overviewApi, await overview(app.deps));
  },
  { api: overviewApi },
);

export const config: Config = { path: "/api/overview" };
