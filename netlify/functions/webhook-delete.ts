import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { deleteEndpoint } from "../../src/server/webhooks/endpoints";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { deleteWebhookApi } from "../../src/shared/api/webhooks";

/** DELETE /api/webhooks/:id -> { success, message } (root_admin; audited). Its deliveries go with it. */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "DELETE");
    const staff = await requireStaff(app, req, "users");
    const id = idParam(context, "id", "webhook id");
    await audited(
      app,
      staff,
      {
        action: "webhook.delete",
        entity: "webhook",
        id,
        table: "webhook_endpoints",
        fields: AUDIT_FIELDS.webhooks,
      },
      ({ deps }) => deleteEndpoint(deps, id),
    );
    return respond(deleteWebhookApi, { success: true, message: "Webhook deleted." });
  },
  { api: deleteWebhookApi },
);

export const config: Config = { path: "/api/webhooks/:id" };
