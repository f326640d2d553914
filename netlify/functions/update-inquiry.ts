import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { setHandled } from "../../src/server/contact/pipeline";
import { updateInquiryApi } from "../../src/shared/contact/leads-api";

/** Handled moves a New lead to Contacted (a lead past New stays where it is); not handled, back to New. */
export default endpoint(updateInquiryApi, async ({ deps, actor, body: { id, handled } }) => ({
  inquiry: await setHandled(deps, actor, id, handled),
  message: handled ? "Lead marked as handled" : "Lead marked as not handled",
}));

export const config: Config = { path: "/api/update-inquiry" };
