import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { addJob } from "../../src/server/careers/jobs-admin";
import { addJobPostApi } from "../../src/shared/careers/admin-api";

/** The opening shows on the careers page at once. */
export default endpoint(addJobPostApi, async ({ deps, actor, body }) => {
  const job = await addJob(deps, actor, body);
  return { job, message: "Job post added successfully" };
});

export const config: Config = { path: "/api/add-job-post" };
