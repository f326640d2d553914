import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { deleteJob, jobEditTags } from "../../src/server/careers/jobs-admin";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { deleteJobPostApi } from "../../src/shared/api/careers-admin";

/** DELETE /api/delete-job-post/:id (its applications stay, without the job link). */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "DELETE");
    const staff = await requireStaff(app, req, "write");
    const id = idParam(context);
    await audited(
      app,
      staff,
      { action: "job.delete", entity: "job", id, table: "jobs", fields: AUDIT_FIELDS.jobs },
      ({ deps }) => deleteJob(deps, id),
    );
    await app.deps.cdn.purge(jobEditTags(id));
    return respond(deleteJobPostApi, { id, message: "Job post deleted successfully" });
  },
  { api: deleteJobPostApi },
);

export const config: Config = { path: "/api/delete-job-post/:id" };
