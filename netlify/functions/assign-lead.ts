import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { staffActor } from "../../src/server/common/audit";
import { assignOwner } from "../../src/server/contact/pipeline";
import { assignLeadApi } from "../../src/shared/api/leads";

/**
 * POST /api/assign-lead { id, owner: staff id | "none", expected? } -> { inquiry, changed, message }
 * (admin, root_admin). 409 when `expected` is given and someone else reassigned the lead meanwhile.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const change = validate(assignLeadApi.body, await parseBody(req));
    const { lead, changed } = await assignOwner(app.deps, staffActor(app, staff), change);
    const who = lead.owner?.email ?? "nobody";
    return respond(assignLeadApi, {
      inquiry: lead,
      changed,
      message: changed ? `Lead assigned to ${who}` : `The lead is already assigned to ${who}`,
    });
  },
  { api: assignLeadApi },
);

export const config: Config = { path: "/api/assign-lead" };
