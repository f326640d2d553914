import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { jobEditTags, updateJob } from "../../src/server/careers/jobs-admin";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { updateJobPostApi } from "../../src/shared/api/careers-admin";

/** POST /api/update-job-post { id, job_title, required_experience, skills?, description } -> { job } */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const { id, ...input } = validate(updateJobPostApi.body, await parseBody(req));
    const job = await audited(
      app,
      staff,
      { action: "job.update", entity: "job", id, table: "jobs", fields: AUDIT_FIELDS.jobs },
      ({ deps }) => updateJob(deps, id, input),
    );
    await app.deps.cdn.purge(jobEditTags(id));
    return respond(updateJobPostApi, { job, message: "Job post updated successfully" });
  },
  { api: updateJobPostApi },
);

export const config: Config = { path: "/api/update-job-post" };
