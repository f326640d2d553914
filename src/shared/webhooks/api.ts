/** Signed webhooks to the sales team's CRM: the root_admin's endpoints and their deliveries. */
import * as z from "zod";
import "../common/zod-config";
import { listQuery } from "../common/schema-fields";
import { URL_RULES, webhookCreateSchema, webhookDelivery, webhookEndpoint } from "./webhooks";
import { contract } from "../api/contract";
import { count, id, message } from "../api/fields";

export const webhooksApi = contract({
  method: "GET",
  path: "/api/webhooks",
  summary: "The CRM's webhook endpoints with their state (never their secrets)",
  access: "webhooks:read",
  response: z.strictObject({
    endpoints: z.array(webhookEndpoint),
    /** The rule a receiver's URL must meet where this runs (src/server/common/webhooks/destinations.ts). */
    urlRule: z.enum(URL_RULES),
  }),
});

export const addWebhookApi = contract({
  method: "POST",
  path: "/api/webhooks",
  summary: "Adds a webhook endpoint; its signing secret (whsec_…) is in this answer only",
  access: "webhooks:change",
  body: webhookCreateSchema,
  status: 201,
  response: z.strictObject({
    id,
    secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+=*$/),
    message,
  }),
});

export const deleteWebhookApi = contract({
  method: "DELETE",
  path: "/api/webhooks/:id",
  summary: "Removes a webhook endpoint and its deliveries",
  access: "webhooks:change",
  ids: { id: "webhook id" },
  response: z.strictObject({ success: z.literal(true), message }),
});

export const webhookDeliveriesApi = contract({
  method: "GET",
  path: "/api/webhooks/:id/deliveries",
  summary: "An endpoint's deliveries, newest first, each with its latest attempts",
  access: "webhooks:read",
  ids: { id: "webhook id" },
  query: listQuery,
  response: z.strictObject({
    deliveries: z.array(webhookDelivery),
    page: count,
    pageSize: count,
    hasMore: z.boolean(),
  }),
});

/** What one attempt came to: the receiver's status, or why none came. */
const sendResult = z.strictObject({
  ok: z.boolean(),
  status_code: count.nullable(),
  error: z.string().nullable(),
  message,
});

export const retryWebhookApi = contract({
  method: "POST",
  path: "/api/webhooks/:id/deliveries/:delivery/retry",
  summary: "Sends one delivery again now; `ok` says whether the receiver accepted it",
  access: "webhooks:change",
  ids: { id: "webhook id", delivery: "delivery id" },
  response: sendResult,
});

export const testWebhookApi = contract({
  method: "POST",
  path: "/api/webhooks/:id/test",
  summary: "Sends the endpoint a signed webhook.test event now; `ok` says whether the receiver accepted it",
  access: "webhooks:change",
  ids: { id: "webhook id" },
  response: sendResult,
});

export const WEBHOOKS = [
  webhooksApi,
  addWebhookApi,
  deleteWebhookApi,
  webhookDeliveriesApi,
  retryWebhookApi,
  testWebhookApi,
];
