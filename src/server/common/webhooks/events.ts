/**
 * Raising a webhook event: one delivery row per enabled
 * endpoint subscribed to the event, written on the handle the change itself uses, so that inside
 * its transaction the event exists exactly when the change does. The request that raised it
 * sends its deliveries after its answer (raised here, carried out by the endpoint wrapper); the
 * scheduled job (netlify/functions/deliver-webhooks.ts) sends whatever is left.
 *
 * The payload is `{ type, timestamp, data }`, `data` being the lead or application as staff see
 * it, without its files. Features call this from their use cases; common imports no feature.
 */
import type { WebhookEvent } from "../../../shared/webhooks/events";
import type { Db } from "../../platform/db/db";
import type { Deps, Effect } from "../deps";
import { sendRequestWebhooks } from "./deliver";

const SEND_REQUEST_WEBHOOKS: Effect = { key: "webhooks", run: (deps) => sendRequestWebhooks(deps) };

/** What staff see of a record, minus what points at its files. */
export function withoutFiles<T extends object>(record: T): Omit<T, "file" | "resume"> {
  const { file: _file, resume: _resume, ...rest } = record as T & { file?: unknown; resume?: unknown };
  return rest;
}

/**
 * Writes the deliveries of one event; answers how many. `db` is the change's own handle (its
 * transaction when it has one).
 */
export async function emitWebhookEvent(
  db: Db,
  deps: Pick<Deps, "now" | "raise"> & Partial<Pick<Deps, "requestId">>,
  type: WebhookEvent,
  data: object,
): Promise<number> {
  const now = deps.now().toISOString();
  const payload = JSON.stringify({ type, timestamp: now, data: withoutFiles(data) });
  const rows = await db.query<{ n: number }>(
    `WITH made AS (
       INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, next_attempt_at,
                                       request_id, created_at)
       -- The Standard Webhooks message id: one per delivery, the same for each of its attempts.
       SELECT e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), $1, $2::jsonb, 'pending', $3, $4, $3
         FROM webhook_endpoints e WHERE e.enabled AND $1 = ANY (e.events)
       RETURNING 1)
     SELECT count(*)::int AS n FROM made`,
    [type, payload, now, deps.requestId ?? null],
  );
  const n = Number(rows[0]?.n ?? 0);
  // The request that raised it sends its deliveries after its answer; the scheduled job the rest.
  if (n > 0) deps.raise(SEND_REQUEST_WEBHOOKS);
  return n;
}

/**
 * Writes one delivery of an event to one endpoint, whatever it subscribes to, while it is enabled
 * or not (a disabled endpoint gets it once it is turned back on, or sent again by hand): an
 * erasure's request to delete, to every receiver that was sent the person's data. `db` is the
 * change's own handle.
 */
export async function emitWebhookTo(
  db: Db,
  deps: Pick<Deps, "now" | "raise"> & Partial<Pick<Deps, "requestId">>,
  endpointId: number,
  type: WebhookEvent,
  data: object,
): Promise<void> {
  const now = deps.now().toISOString();
  await db.query(
    `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, next_attempt_at,
                                     request_id, created_at)
     VALUES ($1, 'msg_' || replace(gen_random_uuid()::text, '-', ''), $2, $3::jsonb, 'pending', $4, $5, $4)`,
    [endpointId, type, JSON.stringify({ type, timestamp: now, data }), now, deps.requestId ?? null],
  );
  deps.raise(SEND_REQUEST_WEBHOOKS);
}
