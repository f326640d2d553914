import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { relatedLeads } from "../../src/server/contact/returning";
import { relatedLeadsApi } from "../../src/shared/contact/leads-api";

/** The same buyer: the same e-mail address or company domain. */
export default endpoint(relatedLeadsApi, async ({ deps, params: { id } }) => relatedLeads(deps, id));

export const config: Config = { path: "/api/lead-related/:id" };
