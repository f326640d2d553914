import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { deleteEndpoint } from "../../src/server/webhooks/endpoints";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { deleteWebhookApi } from "../../src/shared/webhooks/api";

const DELETED = { action: "webhook.delete", entity: "webhook", table: "webhook_endpoints" };

/** Its deliveries go with it. */
export default endpoint(deleteWebhookApi, async ({ deps, actor, params: { id } }) => {
  const spec = { ...DELETED, id, fields: AUDIT_FIELDS.webhooks };
  await recordAudited(deps, actor, spec, (deps) => deleteEndpoint(deps, id));
  return { success: true, message: "Webhook deleted." };
});

export const config: Config = { path: "/api/webhooks/:id" };
