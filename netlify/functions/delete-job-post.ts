import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { deleteJob } from "../../src/server/careers/jobs-admin";
import { deleteJobPostApi } from "../../src/shared/careers/admin-api";

/** Its applications stay, without the job link. */
export default endpoint(deleteJobPostApi, async ({ deps, actor, params: { id } }) => {
  const spec = { action: "job.delete", entity: "job", id, table: "jobs", fields: AUDIT_FIELDS.jobs };
  await recordAudited(deps, actor, spec, (deps) => deleteJob(deps, id));
  return { id, message: "Job post deleted successfully" };
});

export const config: Config = { path: "/api/delete-job-post/:id" };
