import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { setCdnCache } from "../../src/server/platform/cdn";
import { CAREERS_TAGS, listJobs, toPublicJob } from "../../src/server/careers/jobs";
import { requireMethod, respond } from "../../src/server/http/http";
import { jobsApi } from "../../src/shared/api/careers";

/** GET /api/jobs -> { jobs }: every opening, newest first (CDN-cached, purged by the "careers" tag). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const jobs = (await listJobs(app.deps)).map(toPublicJob);
    const headers = new Headers();
    setCdnCache(headers, CAREERS_TAGS);
    return respond(jobsApi, { jobs }, { headers: Object.fromEntries(headers) });
  },
  { api: jobsApi },
);

export const config: Config = { path: "/api/jobs" };
