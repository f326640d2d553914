/**
 * Signed webhooks to the sales team's CRM (Standard Webhooks, standardwebhooks.com): the events,
 * the request of POST /api/webhooks, and the shapes the root_admin's Webhooks screen reads.
 * Shared by the server (the authority) and the dashboard (instant messages).
 */
import * as z from "zod";
import "../common/zod-config";

import { WEBHOOK_EVENTS } from "./events";

export const URL_MAX = 2000;

/**
 * Where a receiver may be, as the server enforces it (src/server/common/webhooks/destinations.ts):
 * deployed, `public-https`; on a local server, `any-http`.
 */
export const URL_RULES = ["public-https", "any-http"] as const;
export type UrlRule = (typeof URL_RULES)[number];

/** The rule in words, under the URL field. */
export const URL_RULE_TEXT: Record<UrlRule, string> = {
  "public-https":
    "The CRM's webhook address. It must start with https://, and its host must resolve to public addresses only (global unicast: no private network, loopback, link-local or reserved address); it is checked again before each delivery, and redirects are not followed. No user name or password in the address.",
  "any-http":
    "The CRM's webhook address. On this local server any http:// or https:// address is allowed, localhost and private addresses included, so a receiver on this machine can be tried. No user name or password in the address. A deployed site allows https:// only, to public (global unicast) addresses.",
};
const URL_MESSAGE = "url: enter the full address of the receiver, starting with https://.";
const EVENTS_MESSAGE = `events: choose at least one of ${WEBHOOK_EVENTS.join(", ")}.`;

/** POST /api/webhooks { url, events }. Where the URL may point is decided by the server. */
export const webhookCreateSchema = z.object({
  url: z
    .string(URL_MESSAGE)
    .trim()
    .min(1, URL_MESSAGE)
    .max(URL_MAX, `url: the address may be at most ${URL_MAX} characters.`)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), URL_MESSAGE),
  events: z.preprocess(
    (v) => (typeof v === "string" ? [v] : v),
    z
      .array(
        z.enum(WEBHOOK_EVENTS, {
          error: (i) =>
            `events: "${String(i.input).slice(0, 60)}" is not an event; ${EVENTS_MESSAGE.slice(8)}`,
        }),
        EVENTS_MESSAGE,
      )
      .min(1, EVENTS_MESSAGE)
      .max(20, EVENTS_MESSAGE)
      .transform((list) => [...new Set(list)]),
  ),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

const iso = z.string().describe("ISO 8601 date-time (UTC)");

/** An endpoint as the list shows it (never its secret). */
export const webhookEndpoint = z.strictObject({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  created_at: iso,
  /** The last delivery the receiver accepted, and the last it refused or missed. */
  last_success_at: iso.nullable(),
  last_failure_at: iso.nullable(),
  last_failure: z.string().nullable(),
  /** Failing without a success since then; after 3 days the endpoint is disabled. */
  failing_since: iso.nullable(),
  disabled_at: iso.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookAttempt = z.strictObject({
  at: iso,
  ok: z.boolean(),
  /** The receiver's HTTP status; null when none came (timeout, refused address, network). */
  status_code: z.number().int().nullable(),
  /** The first 1 kB of the receiver's answer. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  manual: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.strictObject({
  id: z.number().int(),
  /** The webhook-id header: the same for every attempt of this delivery. */
  message_id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  created_at: iso,
  next_attempt_at: iso.nullable(),
  /** Newest first. */
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
