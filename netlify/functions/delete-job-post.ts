import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { deleteJob } from "../../src/server/careers/jobs-admin";
import { deleteJobPostApi } from "../../src/shared/careers/admin-api";

/** Its applications stay, without the job link. */
export default endpoint(deleteJobPostApi, async ({ deps, actor, params: { id } }) => {
  await deleteJob(deps, actor, id);
  return { id, message: "Job post deleted successfully" };
});

export const config: Config = { path: "/api/delete-job-post/:id" };
