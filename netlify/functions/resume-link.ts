import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { seeOther } from "../../src/server/http/http";
import { resumeLink } from "../../src/server/careers/applications-admin";
import { resumeLinkApi } from "../../src/shared/careers/admin-api";

/** Valid two minutes; ?open=1 (the View PDF link) answers a 303 to it: no page holds a signed link. */
export default endpoint(resumeLinkApi, async ({ deps, params: { id }, query: { open } }) => {
  const url = await resumeLink(deps, id);
  return open === "1" ? seeOther(url) : { url };
});

export const config: Config = { path: "/api/resume-link/:id" };
