import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { addJob, jobEditTags } from "../../src/server/careers/jobs-admin";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { addJobPostApi } from "../../src/shared/api/careers-admin";

/** POST /api/add-job-post { job_title, required_experience, skills?, description } -> { job } */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const input = validate(addJobPostApi.body, await parseBody(req));
    const job = await audited(
      app,
      staff,
      {
        action: "job.create",
        entity: "job",
        idOf: (j: { id: number }) => j.id,
        table: "jobs",
        fields: AUDIT_FIELDS.jobs,
      },
      ({ deps }) => addJob(deps, input),
    );
    await app.deps.cdn.purge(jobEditTags(job.id));
    return respond(addJobPostApi, { job, message: "Job post added successfully" });
  },
  { api: addJobPostApi },
);

export const config: Config = { path: "/api/add-job-post" };
