import type { Config } from "@netlify/functions";
import { addWebhookApi, webhooksApi } from "../../src/shared/webhooks/api";
import { endpoints, on } from "../../src/server/http/endpoint";
import { createEndpoint, listEndpoints } from "../../src/server/webhooks/endpoints";

/** The secret is in the creation's answer only (audited without it). */
export default endpoints(
  on(webhooksApi, async ({ deps }) => ({
    endpoints: await listEndpoints(deps),
    urlRule: deps.env.deployed ? "public-https" : "any-http",
  })),
  on(addWebhookApi, async ({ deps, actor, body }) => {
    const made = await createEndpoint(deps, actor, body);
    const message = "Webhook added. Copy its secret now: it is not shown again.";
    return { id: made.id, secret: made.secret, message };
  }),
);

export const config: Config = { path: "/api/webhooks" };
