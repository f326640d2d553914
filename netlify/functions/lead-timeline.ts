import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { timeline } from "../../src/server/contact/pipeline";
import { leadTimelineApi } from "../../src/shared/contact/leads-api";

/** Newest first, with the events of the leads merged into this one. */
export default endpoint(leadTimelineApi, async ({ deps, params: { id } }) => ({
  events: await timeline(deps, id),
}));

export const config: Config = { path: "/api/lead-timeline/:id" };
