import type { Config } from "@netlify/functions";
import { updateStatusSchema } from "../../src/shared/careers/admin-schemas";
import { endpoint } from "../../src/server/http/endpoint";
import { updateApplicationStatus } from "../../src/server/careers/applications-admin";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";

/** POST /api/update-application-status { id, status } -> { id, status, change, mailed } */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const staff = await requireStaff(app, req, "write");
  const { id, status } = validate(updateStatusSchema, await parseBody(req));
  const result = await updateApplicationStatus(app.deps, staff, id, status);
  return json({ ...result, message: "Status updated successfully" });
});

export const config: Config = { path: "/api/update-application-status" };
