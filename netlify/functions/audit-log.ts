import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, validate, respond } from "../../src/server/http/http";
import { listAudit } from "../../src/server/audit/trail";
import { auditLogApi } from "../../src/shared/api/audit";

/** GET /api/audit-log?who=&action=&from=&to=&page= -> { entries, page, pageSize, total, hasMore } (root_admin). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "users");
    const filters = validate(auditLogApi.query, queryOf(new URL(req.url)));
    return respond(auditLogApi, await listAudit(app.deps, filters));
  },
  { api: auditLogApi },
);

export const config: Config = { path: "/api/audit-log" };
