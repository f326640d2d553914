import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { updateApplicationStatus } from "../../src/server/careers/applications-admin";
import { updateApplicationStatusApi } from "../../src/shared/careers/admin-api";

/** The candidate's mail goes with the change; the audit entry commits with it. */
export default endpoint(updateApplicationStatusApi, async ({ deps, staff, actor, body: { id, status } }) => {
  const out = await updateApplicationStatus(deps, actor, staff, id, status);
  return { ...out, message: "Status updated successfully" };
});

export const config: Config = { path: "/api/update-application-status" };
