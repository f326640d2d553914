import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { changeStage } from "../../src/server/contact/pipeline";
import { updateLeadStageApi } from "../../src/shared/contact/leads-api";

/** 409 when `expected` is given and someone else moved the lead meanwhile. */
export default endpoint(updateLeadStageApi, async ({ deps, actor, body }) => {
  const { lead, changed } = await changeStage(deps, actor, body);
  const message = changed ? `Lead moved to ${lead.stage}` : `The lead is already in ${lead.stage}`;
  return { inquiry: lead, changed, message };
});

export const config: Config = { path: "/api/update-lead-stage" };
