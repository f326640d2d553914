import type { Config } from "@netlify/functions";
import { updateStatusSchema } from "../../src/shared/dashboard-schemas";
import { endpoint } from "../../src/server/app";
import { updateApplicationStatus } from "../../src/server/applications-admin";
import { requireStaff } from "../../src/server/auth";
import { json, parseBody, requireMethod, validate } from "../../src/server/http";

/** POST /api/update-application-status { id, status } -> { id, status, change, mailed } */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const staff = await requireStaff(app, req, "write");
  const { id, status } = validate(updateStatusSchema, await parseBody(req));
  const result = await updateApplicationStatus(app, staff, id, status);
  return json({ ...result, message: "Status updated successfully" });
});

export const config: Config = { path: "/api/update-application-status" };
