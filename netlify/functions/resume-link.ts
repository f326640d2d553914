import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { resumeLink } from "../../src/server/careers/applications-admin";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, seeOther, respond } from "../../src/server/http/http";
import { resumeLinkApi } from "../../src/shared/api/careers-admin";

/**
 * GET /api/resume-link/:id -> { url }: a link to the resume valid for two minutes (staff). With
 * ?open=1 (the dashboard's View PDF link, opened in a new tab) it answers 303 to that link, so the
 * link in the page is never the signed one and each click gets a fresh one.
 */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const id = idParam(context);
    const url = await resumeLink(app.deps, id);
    if (new URL(req.url).searchParams.get("open") === "1") return seeOther(url);
    return respond(resumeLinkApi, { url });
  },
  { api: resumeLinkApi },
);

export const config: Config = { path: "/api/resume-link/:id" };
