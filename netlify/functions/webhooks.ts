import type { Config } from "@netlify/functions";
import { addWebhookApi, webhooksApi } from "../../src/shared/api/webhooks";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, respond, validate } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { createEndpoint, listEndpoints } from "../../src/server/webhooks/endpoints";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";

/**
 * GET /api/webhooks -> { endpoints } (no secrets);
 * POST /api/webhooks { url, events } -> 201 { id, secret } (root_admin; audited without the secret).
 * The secret is in this answer only.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET", "POST");
    const staff = await requireStaff(app, req, "users");
    if (req.method === "GET") return respond(webhooksApi, { endpoints: await listEndpoints(app.deps) });
    const input = validate(addWebhookApi.body, await parseBody(req));
    const made = await audited(
      app,
      staff,
      {
        action: "webhook.create",
        entity: "webhook",
        idOf: (out: { id: number }) => out.id,
        table: "webhook_endpoints",
        fields: AUDIT_FIELDS.webhooks,
      },
      ({ deps }) => createEndpoint(deps, staff.userId, input),
    );
    return respond(addWebhookApi, {
      id: made.id,
      secret: made.secret,
      message: "Webhook added. Copy its secret now: it is not shown again.",
    });
  },
  { api: [webhooksApi, addWebhookApi], method: ["GET", "POST"] },
);

export const config: Config = { path: "/api/webhooks" };
