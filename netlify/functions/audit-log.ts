import type { Config } from "@netlify/functions";
import { auditQuery } from "../../src/shared/audit/audit";
import { queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod, validate } from "../../src/server/http/http";
import { listAudit } from "../../src/server/audit/trail";

/** GET /api/audit-log?who=&action=&from=&to=&page= -> { entries, page, pageSize, total, hasMore } (root_admin). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "users");
  const filters = validate(auditQuery, queryOf(new URL(req.url)));
  return json(await listAudit(app.deps, filters));
});

export const config: Config = { path: "/api/audit-log" };
