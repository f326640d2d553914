import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listLeads } from "../../src/server/contact/lead-list";
import { inquiriesApi } from "../../src/shared/contact/leads-api";

/** The matches are counted up to 10,000 past the page, then `totalExact` is false ("more than total"). */
export default endpoint(inquiriesApi, async ({ deps, query }) => listLeads(deps, query));

export const config: Config = { path: "/api/inquiries" };
