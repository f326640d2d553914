import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { timeline } from "../../src/server/contact/pipeline";
import { leadTimelineApi } from "../../src/shared/api/leads";

/** GET /api/lead-timeline/:id -> { events }: notes, stage and owner changes, newest first (staff). */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const id = idParam(context);
    return respond(leadTimelineApi, { events: await timeline(app.deps, id) });
  },
  { api: leadTimelineApi },
);

export const config: Config = { path: "/api/lead-timeline/:id" };
