/**
 * The root_admin's webhook endpoints: create one (its secret is made here and answered once),
 * list them (never the secret), delete one, and read an endpoint's deliveries with their
 * attempts. The secret is stored because every delivery is signed with it; it is never logged,
 * listed, audited (AUDIT_FIELDS.webhooks: url, events, enabled) or sent anywhere but as signatures.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";
import type { Db } from "../platform/db/db";
import type {
  DeliveryStatus,
  WebhookAttempt,
  WebhookCreate,
  WebhookDelivery,
  WebhookEndpoint,
} from "../../shared/webhooks/webhooks";
import { TEST_EVENT, type WebhookEvent } from "../../shared/webhooks/events";
import { site } from "../../config/site";
import { checkDestination } from "../common/webhooks/destinations";
import { claimForRetry, sendClaimed, sendSigned, type DeliverDeps } from "../common/webhooks/deliver";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";

export const DELIVERIES_PER_PAGE = 25;
/** Attempts shown per delivery (newest first); the automatic ones are at most 8. */
export const ATTEMPTS_SHOWN = 20;
const GONE = "This webhook endpoint no longer exists.";

/** "whsec_" + base64 of 32 random bytes, as Standard Webhooks libraries read it. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** What the audit trail keeps of an endpoint: never its secret. */
const AUDITED = { entity: "webhook", table: "webhook_endpoints", fields: AUDIT_FIELDS.webhooks } as const;

/** Creates an endpoint on behalf of the actor, audited with it (its secret is answered once). */
export async function createEndpoint(
  deps: Pick<Deps, "db" | "env" | "now">,
  actor: Actor,
  input: WebhookCreate,
): Promise<{ id: number; secret: string }> {
  const spec = { ...AUDITED, action: "webhook.create" as const, idOf: (out: { id: number }) => out.id };
  return recordAudited(deps, actor, spec, async ({ db }) => {
    const url = await checkDestination(input.url, { deployed: deps.env.deployed });
    const secret = newSecret();
    const [row] = await db.query<{ id: number }>(
      "INSERT INTO webhook_endpoints (url, events, secret, created_by) VALUES ($1, $2::text[], $3, $4) RETURNING id",
      [url.href, input.events, secret, actor.userId],
    );
    return { id: row!.id, secret };
  });
}

interface EndpointRow {
  id: number;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  created_at: Date | string;
  last_success_at: Date | string | null;
  last_failure_at: Date | string | null;
  last_failure: string | null;
  failing_since: Date | string | null;
  disabled_at: Date | string | null;
  [k: string]: unknown;
}

export async function listEndpoints({ db }: Pick<Deps, "db">): Promise<WebhookEndpoint[]> {
  const rows = await db.query<EndpointRow>(
    `SELECT id, url, events, enabled, created_at, last_success_at, last_failure_at, last_failure,
            failing_since, disabled_at
       FROM webhook_endpoints ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    enabled: r.enabled,
    created_at: iso(r.created_at)!,
    last_success_at: iso(r.last_success_at),
    last_failure_at: iso(r.last_failure_at),
    last_failure: r.last_failure,
    failing_since: iso(r.failing_since),
    disabled_at: iso(r.disabled_at),
  }));
}

/** Deletes an endpoint with its deliveries and their attempts, audited with it. */
export async function deleteEndpoint(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  id: number,
): Promise<void> {
  await recordAudited(deps, actor, { ...AUDITED, action: "webhook.delete", id }, async ({ db }) => {
    const gone = await db.query("DELETE FROM webhook_endpoints WHERE id = $1 RETURNING id", [id]);
    if (gone.length === 0) throw new NotFound(GONE);
  });
}

async function assertEndpoint(db: Db, id: number) {
  const [row] = await db.query("SELECT 1 FROM webhook_endpoints WHERE id = $1", [id]);
  if (!row) throw new NotFound(GONE);
}

interface DeliveryRow {
  id: number | string;
  message_id: string;
  event_type: WebhookEvent;
  status: DeliveryStatus;
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  [k: string]: unknown;
}

interface AttemptRow {
  delivery_id: number | string;
  attempted_at: Date | string;
  ok: boolean;
  status_code: number | null;
  response_body: string | null;
  error: string | null;
  manual: boolean;
  [k: string]: unknown;
}

/** An endpoint's deliveries, newest first, a page at a time, each with its latest attempts. */
export async function listDeliveries({ db }: Pick<Deps, "db">, endpointId: number, page: number) {
  await assertEndpoint(db, endpointId);
  const rows = await db.query<DeliveryRow>(
    `SELECT id, message_id, event_type, status, created_at, next_attempt_at FROM webhook_deliveries
      WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [endpointId, DELIVERIES_PER_PAGE + 1, (page - 1) * DELIVERIES_PER_PAGE],
  );
  const shown = rows.slice(0, DELIVERIES_PER_PAGE);
  const attempts = await db.query<AttemptRow>(
    `SELECT delivery_id, attempted_at, ok, status_code, response_body, error, manual FROM (
       SELECT a.*, row_number() OVER (PARTITION BY delivery_id ORDER BY attempted_at DESC, id DESC) AS k
         FROM webhook_attempts a WHERE delivery_id = ANY ($1::bigint[])) x
      WHERE k <= ${ATTEMPTS_SHOWN} ORDER BY attempted_at DESC, id DESC`,
    [shown.map((r) => String(r.id))],
  );
  const byDelivery = new Map<number, WebhookAttempt[]>();
  for (const a of attempts) {
    const list = byDelivery.get(Number(a.delivery_id)) ?? [];
    list.push({
      at: iso(a.attempted_at)!,
      ok: a.ok,
      status_code: a.status_code,
      response_body: a.response_body,
      error: a.error,
      manual: a.manual,
    });
    byDelivery.set(Number(a.delivery_id), list);
  }
  const deliveries: WebhookDelivery[] = shown.map((r) => ({
    id: Number(r.id),
    message_id: r.message_id,
    type: r.event_type,
    status: r.status,
    created_at: iso(r.created_at)!,
    next_attempt_at: iso(r.next_attempt_at),
    attempts: byDelivery.get(Number(r.id)) ?? [],
  }));
  return { deliveries, page, pageSize: DELIVERIES_PER_PAGE, hasMore: rows.length > DELIVERIES_PER_PAGE };
}

/**
 * Sends one delivery of an endpoint again now, whatever its state (but one being sent right now:
 * 409). The claim is audited; the attempt follows it and is logged like any other. A receiver that
 * refuses it is not an error: the result says what it answered.
 */
export async function retryDelivery(deps: DeliverDeps, actor: Actor, endpointId: number, deliveryId: number) {
  const extra = () => ({ delivery: [null, deliveryId] as const });
  const spec = { action: "webhook.retry" as const, entity: "webhook", id: endpointId, extra };
  const claimed = await recordAudited(deps, actor, spec, (deps) =>
    claimForRetry(deps, endpointId, deliveryId),
  );
  return sendClaimed(deps, claimed);
}

/**
 * Sends the endpoint a signed test event (`webhook.test`) now, with the delivery code every event
 * goes through, and answers what the receiver said. Nothing is stored but the audit entry: a test
 * is not a delivery (it is not retried, listed or counted in the endpoint's state).
 */
export async function sendTestDelivery(deps: DeliverDeps, actor: Actor, endpointId: number) {
  const spec = { action: "webhook.test" as const, entity: "webhook", id: endpointId };
  const to = await recordAudited(deps, actor, spec, async ({ db }) => {
    const [row] = await db.query<{ url: string; secret: string }>(
      "SELECT url, secret FROM webhook_endpoints WHERE id = $1",
      [endpointId],
    );
    if (!row) throw new NotFound(GONE);
    return row;
  });
  const at = deps.now();
  const payload = JSON.stringify({
    type: TEST_EVENT,
    timestamp: at.toISOString(),
    data: { endpoint: endpointId, text: `A test delivery from ${site.name}'s website. Nothing to do.` },
  });
  return sendSigned(deps, to, `msg_${randomUUID().replace(/-/g, "")}`, payload, at);
}
