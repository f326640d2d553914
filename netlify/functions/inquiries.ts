import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, validate, respond } from "../../src/server/http/http";
import { listLeads } from "../../src/server/contact/lead-list";
import { inquiriesApi } from "../../src/shared/api/leads";

/**
 * GET /api/inquiries?q=&stage=&owner=&handled=&from=&to=&sort=&page=
 *   -> { inquiries, page, pageSize, total, totalExact, hasMore } (staff); the matches are
 *   counted up to 10,000 past the page, then `totalExact` is false ("more than total").
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const filters = validate(inquiriesApi.query, queryOf(new URL(req.url)));
    return respond(inquiriesApi, await listLeads(app.deps, filters));
  },
  { api: inquiriesApi },
);

export const config: Config = { path: "/api/inquiries" };
