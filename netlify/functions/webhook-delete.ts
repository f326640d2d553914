import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { deleteEndpoint } from "../../src/server/webhooks/endpoints";
import { deleteWebhookApi } from "../../src/shared/webhooks/api";

/** Its deliveries go with it. */
export default endpoint(deleteWebhookApi, async ({ deps, actor, params: { id } }) => {
  await deleteEndpoint(deps, actor, id);
  return { success: true, message: "Webhook deleted." };
});

export const config: Config = { path: "/api/webhooks/:id" };
