import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { addJob } from "../../src/server/careers/jobs-admin";
import { addJobPostApi } from "../../src/shared/careers/admin-api";

const CREATED = { action: "job.create", entity: "job", table: "jobs", fields: AUDIT_FIELDS.jobs } as const;

/** The opening shows on the careers page at once. */
export default endpoint(addJobPostApi, async ({ deps, actor, body }) => {
  const spec = { ...CREATED, idOf: (job: { id: number }) => job.id };
  const job = await recordAudited(deps, actor, spec, (deps) => addJob(deps, body));
  return { job, message: "Job post added successfully" };
});

export const config: Config = { path: "/api/add-job-post" };
