import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { staffActor } from "../../src/server/common/audit";
import { changeStage } from "../../src/server/contact/pipeline";
import { updateLeadStageApi } from "../../src/shared/api/leads";

/**
 * POST /api/update-lead-stage { id, stage, expected? } -> { inquiry, changed, message } (admin,
 * root_admin). 409 when `expected` is given and someone else moved the lead meanwhile.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const change = validate(updateLeadStageApi.body, await parseBody(req));
    const { lead, changed } = await changeStage(app.deps, staffActor(app, staff), change);
    return respond(updateLeadStageApi, {
      inquiry: lead,
      changed,
      message: changed ? `Lead moved to ${lead.stage}` : `The lead is already in ${lead.stage}`,
    });
  },
  { api: updateLeadStageApi },
);

export const config: Config = { path: "/api/update-lead-stage" };
