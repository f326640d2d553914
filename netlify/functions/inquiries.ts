import type { Config } from "@netlify/functions";
import { leadListQuery } from "../../src/shared/contact/pipeline";
import { queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, requireMethod, validate } from "../../src/server/http/http";
import { listLeads } from "../../src/server/contact/lead-list";

/**
 * GET /api/inquiries?q=&stage=&owner=&handled=&from=&to=&sort=&page=
 *   -> { inquiries, page, pageSize, total, totalExact, hasMore } (staff); the matches are
 *   counted up to 10,000 past the page, then `totalExact` is false ("more than total").
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const filters = validate(leadListQuery, queryOf(new URL(req.url)));
  return json(await listLeads(app.deps, filters));
});

export const config: Config = { path: "/api/inquiries" };
