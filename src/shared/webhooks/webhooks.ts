/**
 * Signed webhooks to the sales team's CRM (Standard Webhooks, standardwebhooks.com): the events,
 * the request of POST /api/webhooks, and the shapes the root_admin's Webhooks screen reads.
 * Shared by the server (the authority) and the dashboard (instant messages).
 */
import * as z from "zod";
import "../common/zod-config";

export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.updated",
  "application.created",
  "application.status_changed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, in the screen's words. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  "lead.created": "A contact inquiry arrived (new lead)",
  "lead.updated": "A lead's stage or owner changed",
  "application.created": "A job application arrived",
  "application.status_changed": "An application's status changed",
};

export const URL_MAX = 2000;
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

/** An endpoint as the list shows it (never its secret). */
export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  created_at: string;
  /** The last delivery the receiver accepted, and the last it refused or missed. */
  last_success_at: string | null;
  last_failure_at: string | null;
  last_failure: string | null;
  /** Failing without a success since then; after 3 days the endpoint is disabled. */
  failing_since: string | null;
  disabled_at: string | null;
}

export type DeliveryStatus = "pending" | "sending" | "delivered" | "failed";

export interface WebhookAttempt {
  at: string;
  ok: boolean;
  /** The receiver's HTTP status; null when none came (timeout, refused address, network). */
  status_code: number | null;
  /** The first 1 kB of the receiver's answer. */
  response_body: string | null;
  error: string | null;
  manual: boolean;
}

export interface WebhookDelivery {
  id: number;
  /** The webhook-id header: the same for every attempt of this delivery. */
  message_id: string;
  type: WebhookEvent;
  status: DeliveryStatus;
  created_at: string;
  next_attempt_at: string | null;
  /** Newest first. */
  attempts: WebhookAttempt[];
}
