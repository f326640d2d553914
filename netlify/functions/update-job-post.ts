import type { Config } from "@netlify/functions";
import { updateJobSchema } from "../../src/shared/careers/admin-schemas";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { jobEditTags, updateJob } from "../../src/server/careers/jobs-admin";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";

/** POST /api/update-job-post { id, job_title, required_experience, skills?, description } -> { job } */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const staff = await requireStaff(app, req, "write");
  const { id, ...input } = validate(updateJobSchema, await parseBody(req));
  const job = await audited(
    app,
    staff,
    { action: "job.update", entity: "job", id, table: "jobs", fields: AUDIT_FIELDS.jobs },
    ({ deps }) => updateJob(deps, id, input),
  );
  await app.deps.cdn.purge(jobEditTags(id));
  return json({ job, message: "Job post updated successfully" });
});

export const config: Config = { path: "/api/update-job-post" };
