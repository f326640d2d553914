import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/staff/sessions";
import { idFromPath } from "../../src/server/http/dashboard-http";
import { json, requireMethod } from "../../src/server/http/http";
import { timeline } from "../../src/server/contact/pipeline";

/** GET /api/lead-timeline/:id -> { events }: notes, stage and owner changes, newest first (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const id = idFromPath(req, "/api/lead-timeline");
  return json({ events: await timeline(await app.db(), id) });
});

export const config: Config = { path: "/api/lead-timeline/:id" };
