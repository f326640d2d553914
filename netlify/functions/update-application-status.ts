import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { updateApplicationStatus } from "../../src/server/careers/applications-admin";
import { updateApplicationStatusApi } from "../../src/shared/careers/admin-api";

const CHANGED = { action: "application.status", entity: "application", table: "applications" } as const;

/** The candidate's mail goes with the change; the audit entry commits with it. */
export default endpoint(updateApplicationStatusApi, async ({ deps, staff, actor, body: { id, status } }) => {
  const spec = { ...CHANGED, id, fields: AUDIT_FIELDS.applications };
  const out = await recordAudited(deps, actor, spec, (d) => updateApplicationStatus(d, staff, id, status));
  return { ...out, message: "Status updated successfully" };
});

export const config: Config = { path: "/api/update-application-status" };
