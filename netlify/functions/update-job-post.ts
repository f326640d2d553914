import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { updateJob } from "../../src/server/careers/jobs-admin";
import { updateJobPostApi } from "../../src/shared/careers/admin-api";

/** Every field is replaced (skills may be empty). */
export default endpoint(updateJobPostApi, async ({ deps, actor, body: { id, ...input } }) => {
  const job = await updateJob(deps, actor, id, input);
  return { job, message: "Job post updated successfully" };
});

export const config: Config = { path: "/api/update-job-post" };
