import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { updateApplicationStatus } from "../../src/server/careers/applications-admin";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { updateApplicationStatusApi } from "../../src/shared/api/careers-admin";

/** POST /api/update-application-status { id, status } -> { id, status, change, mailed } */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const { id, status } = validate(updateApplicationStatusApi.body, await parseBody(req));
    // The candidate's mail goes with the change, as before; the entry commits with the change.
    const result = await audited(
      app,
      staff,
      {
        action: "application.status",
        entity: "application",
        id,
        table: "applications",
        fields: AUDIT_FIELDS.applications,
      },
      ({ deps }) => updateApplicationStatus(deps, staff, id, status),
    );
    return respond(updateApplicationStatusApi, { ...result, message: "Status updated successfully" });
  },
  { api: updateApplicationStatusApi },
);

export const config: Config = { path: "/api/update-application-status" };
