import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { relatedLeads } from "../../src/server/contact/returning";
import { relatedLeadsApi } from "../../src/shared/api/leads";

/**
 * GET /api/lead-related/:id -> { earlier, later, merged }: the same buyer's other leads (same
 * e-mail address or company domain) and the leads merged into this one (staff).
 */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    return respond(relatedLeadsApi, await relatedLeads(app.deps, idParam(context)));
  },
  { api: relatedLeadsApi },
);

export const config: Config = { path: "/api/lead-related/:id" };
