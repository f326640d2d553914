import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { setCdnCache } from "../../src/server/platform/cdn";
import { CAREERS_TAGS, listJobs, toPublicJob } from "../../src/server/careers/jobs";
import { json, requireMethod } from "../../src/server/http/http";

/** GET /api/jobs -> { jobs }: every opening, newest first (CDN-cached, purged by the "careers" tag). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const jobs = (await listJobs(app.deps)).map(toPublicJob);
  const headers = new Headers();
  setCdnCache(headers, CAREERS_TAGS);
  return json({ jobs }, { headers: Object.fromEntries(headers) });
});

export const config: Config = { path: "/api/jobs" };
