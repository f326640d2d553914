/** The events the site sends to the sales CRM, in the words people read (no zod: public pages use it). */
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
  "lead.updated": "A lead changed: its stage, its owner, or a merge",
  "application.created": "A job application arrived",
  "application.status_changed": "An application's status changed",
};
