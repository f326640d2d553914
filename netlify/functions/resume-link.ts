import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { resumeLink } from "../../src/server/careers/applications-admin";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idFromPath } from "../../src/server/http/dashboard-http";
import { json, requireMethod } from "../../src/server/http/http";

/** GET /api/resume-link/:id -> { url }: a link to the resume valid for two minutes (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const id = idFromPath(req, "/api/resume-link");
  return json({ url: await resumeLink(await app.db(), await app.storage(), id) });
});

export const config: Config = { path: "/api/resume-link/:id" };
