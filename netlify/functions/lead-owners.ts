import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { leadOwners } from "../../src/server/contact/pipeline";
import { leadOwnersApi } from "../../src/shared/contact/leads-api";

/** The staff a lead can be assigned to. */
export default endpoint(leadOwnersApi, async ({ deps }) => ({ owners: await leadOwners(deps) }));

export const config: Config = { path: "/api/lead-owners" };
