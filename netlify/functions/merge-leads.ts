import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, respond, validate } from "../../src/server/http/http";
import { staffActor } from "../../src/server/common/audit";
import { mergeLeads } from "../../src/server/contact/returning";
import { mergeLeadsApi } from "../../src/shared/api/leads";

/**
 * POST /api/merge-leads { from, into } -> { inquiry, changed, message } (admin, root_admin): lead
 * `from` goes into lead `into`; nothing is deleted. 409 when either was merged meanwhile.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const merge = validate(mergeLeadsApi.body, await parseBody(req));
    const { lead, changed } = await mergeLeads(app.deps, staffActor(app, staff), merge);
    return respond(mergeLeadsApi, {
      inquiry: lead,
      changed,
      message: `Lead #${merge.from} merged into lead #${merge.into}`,
    });
  },
  { api: mergeLeadsApi },
);

export const config: Config = { path: "/api/merge-leads" };
