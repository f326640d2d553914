import type { Config } from "@netlify/functions";
import { addWebhookApi, webhooksApi } from "../../src/shared/webhooks/api";
import { endpoints, on } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { createEndpoint, listEndpoints } from "../../src/server/webhooks/endpoints";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";

const CREATED = { action: "webhook.create", entity: "webhook", table: "webhook_endpoints" } as const;

/** The secret is in the creation's answer only (audited without it). */
export default endpoints(
  on(webhooksApi, async ({ deps }) => ({ endpoints: await listEndpoints(deps) })),
  on(addWebhookApi, async ({ deps, actor, staff, body }) => {
    const spec = { ...CREATED, idOf: (out: { id: number }) => out.id, fields: AUDIT_FIELDS.webhooks };
    const made = await recordAudited(deps, actor, spec, (deps) => createEndpoint(deps, staff.userId, body));
    const message = "Webhook added. Copy its secret now: it is not shown again.";
    return { id: made.id, secret: made.secret, message };
  }),
);

export const config: Config = { path: "/api/webhooks" };
