import type { Config } from "@netlify/functions";
import { jobSchema } from "../../src/shared/careers/admin-schemas";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { purgeTags } from "../../src/server/platform/cdn";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { addJob, jobEditTags } from "../../src/server/careers/jobs-admin";

/** POST /api/add-job-post { job_title, required_experience, skills?, description } -> { job } */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  await requireStaff(app, req, "write");
  const input = validate(jobSchema, await parseBody(req));
  const job = await addJob(app.deps, input);
  await purgeTags(jobEditTags(job.id));
  return json({ job, message: "Job post added successfully" }, { status: 201 });
});

export const config: Config = { path: "/api/add-job-post" };
