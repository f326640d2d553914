import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { mergeLeads } from "../../src/server/contact/returning";
import { mergeLeadsApi } from "../../src/shared/contact/leads-api";

/** Lead `from` goes into lead `into`; nothing is deleted. 409 when either was merged meanwhile. */
export default endpoint(mergeLeadsApi, async ({ deps, actor, body }) => {
  const { lead, changed } = await mergeLeads(deps, actor, body);
  return { inquiry: lead, changed, message: `Lead #${body.from} merged into lead #${body.into}` };
});

export const config: Config = { path: "/api/merge-leads" };
