import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { cdnCache } from "../../src/server/platform/cdn";
import { CAREERS_TAGS, listJobs, toPublicJob } from "../../src/server/careers/jobs";
import { jobsApi } from "../../src/shared/careers/api";

/** Every opening, newest first (CDN-cached, purged by the "careers" tag). */
export default endpoint(jobsApi, async ({ deps }) => {
  const jobs = (await listJobs(deps)).map(toPublicJob);
  return respond(jobsApi, { jobs }, { headers: cdnCache(CAREERS_TAGS) });
});

export const config: Config = { path: "/api/jobs" };
