import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { resumeLink } from "../../src/server/careers/applications-admin";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { json, requireMethod } from "../../src/server/http/http";

/** GET /api/resume-link/:id -> { url }: a link to the resume valid for two minutes (staff). */
export default endpoint(async (req, app, context) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const id = idParam(context);
  return json({ url: await resumeLink(app.deps, id) });
});

export const config: Config = { path: "/api/resume-link/:id" };
