import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { assignOwner } from "../../src/server/contact/pipeline";
import { assignLeadApi } from "../../src/shared/contact/leads-api";

/** 409 when `expected` is given and someone else reassigned the lead meanwhile. */
export default endpoint(assignLeadApi, async ({ deps, actor, body }) => {
  const { lead, changed } = await assignOwner(deps, actor, body);
  const who = lead.owner?.email ?? "nobody";
  const message = changed ? `Lead assigned to ${who}` : `The lead is already assigned to ${who}`;
  return { inquiry: lead, changed, message };
});

export const config: Config = { path: "/api/assign-lead" };
