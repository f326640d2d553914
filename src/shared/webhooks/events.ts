/** The events the site sends to the sales CRM, in the words people read (no zod: public pages use it). */
export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.updated",
  "application.created",
  "application.status_changed",
  "person.erased",
  "meeting.booked",
  "meeting.cancelled",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The event of a test delivery, sent by hand from the Webhooks screen (POST /api/webhooks/:id/test)
 * to check that a receiver is reached and verifies the signature; no endpoint subscribes to it.
 */
export const TEST_EVENT = "webhook.test";

/**
 * Events sent whatever an endpoint subscribes to: a person's erasure asks every receiver that was
 * sent their leads or applications to delete its copy (`data`: the lead and application ids it
 * was sent, never an address).
 */
export const ALWAYS_SENT: readonly WebhookEvent[] = ["person.erased"];

/** What each event means, in the screen's words. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  "lead.created":
    'A new lead arrived: a contact inquiry, or a security review\'s request for documents (its `kind`: "contact" or "security review")',
  "lead.updated": "A lead changed: its stage, its owner, or a merge",
  "application.created": "A job application arrived",
  "application.status_changed": "An application's status changed",
  "person.erased":
    "A person's data was erased: delete your copy of their leads and applications (always sent to a receiver that was sent them)",
  "meeting.booked": "A buyer booked a call with a lead's owner",
  "meeting.cancelled": "A buyer cancelled a booked call",
};
