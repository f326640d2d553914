import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { updateJob } from "../../src/server/careers/jobs-admin";
import { updateJobPostApi } from "../../src/shared/careers/admin-api";

/** Every field is replaced (skills may be empty). */
export default endpoint(updateJobPostApi, async ({ deps, actor, body: { id, ...input } }) => {
  const spec = { action: "job.update", entity: "job", id, table: "jobs", fields: AUDIT_FIELDS.jobs };
  const job = await recordAudited(deps, actor, spec, (deps) => updateJob(deps, id, input));
  return { job, message: "Job post updated successfully" };
});

export const config: Config = { path: "/api/update-job-post" };
