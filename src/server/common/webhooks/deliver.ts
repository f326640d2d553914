/**
 * Sending deliveries. A run claims the deliveries it will send with one UPDATE whose rows come
 * from `FOR UPDATE SKIP LOCKED`: a row is `sending` for one run only (until its lease ends), so
 * two runs at once never send the same attempt twice. Each attempt is logged (webhook_attempts)
 * and the delivery moves on: delivered, or pending again after its wait, or failed after the
 * last automatic attempt (staff can still send it again by hand).
 *
 * Waits after each failed automatic attempt: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, so the
 * eighth and last attempt comes 27.6 hours after the first (at least 24 hours of trying).
 */
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import type { Db } from "../../platform/db/db";
import { log } from "../../platform/log";
import { checkDestination, type DestinationPolicy } from "./destinations";
import { postSigned, signedHeaders, type SendResult } from "./send";

export const RETRY_WAITS_MINUTES = [1, 5, 30, 120, 300, 600, 600] as const;
/** A claim's lease: longer than an attempt can take (10 s), so only a run that died loses it. */
export const CLAIM_SECONDS = 120;
/** Deliveries one scheduled run sends (in parallel: a run stays within the platform's 30 s). */
export const RUN_BATCH = 50;

export type DeliverDeps = Pick<Deps, "db" | "now" | "env" | "requestId">;

interface Claimed {
  id: number;
  endpoint_id: number;
  message_id: string;
  payload: string;
  attempts: number;
  claimed_from: "pending" | "delivered" | "failed";
  url: string;
  secret: string;
  [k: string]: unknown;
}

/** The delivery's state after a failed automatic attempt (the n-th). */
export function afterFailure(n: number, now: Date): { status: "pending" | "failed"; next: Date | null } {
  const wait = RETRY_WAITS_MINUTES[n - 1];
  return wait === undefined
    ? { status: "failed", next: null }
    : { status: "pending", next: new Date(now.getTime() + wait * 60_000) };
}

/**
 * Claims deliveries matching `where` (over `d`, a delivery, and `e`, its endpoint) and answers
 * them with what sending needs. Parameters $1 (now) and $2 (the lease's end) are taken.
 */
async function claim(db: Db, now: Date, where: string, params: unknown[], limit: number): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const rows = await db.query<Claimed>(
    `UPDATE webhook_deliveries c
        SET status = 'sending', claimed_until = $2, next_attempt_at = NULL,
            claimed_from = CASE WHEN c.status = 'sending' THEN c.claimed_from ELSE c.status END
       FROM webhook_endpoints e
      WHERE e.id = c.endpoint_id
        AND c.id IN (SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                      WHERE ${where}
                      ORDER BY d.next_attempt_at NULLS LAST, d.id LIMIT ${limit}
                      FOR UPDATE OF d SKIP LOCKED)
      RETURNING c.id, c.endpoint_id, c.message_id, c.payload::text AS payload, c.attempts,
                coalesce(c.claimed_from, 'pending') AS claimed_from, e.url, e.secret`,
    [now.toISOString(), lease.toISOString(), ...params],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

const DUE = `e.enabled AND ((d.status = 'pending' AND d.next_attempt_at <= $1)
  OR (d.status = 'sending' AND d.claimed_until < $1 AND d.claimed_from = 'pending'))`;

/**
 * One signed POST of a payload to an endpoint's URL, the destination checked again first (DNS can
 * change): what every attempt, and an endpoint's test delivery, is sent with.
 */
export async function sendSigned(
  deps: Pick<Deps, "env">,
  to: { url: string; secret: string },
  messageId: string,
  payload: string,
  at: Date,
): Promise<SendResult> {
  const policy: DestinationPolicy = { deployed: deps.env.deployed };
  try {
    const url = await checkDestination(to.url, policy);
    return await postSigned(url, signedHeaders(to.secret, messageId, at, payload), payload, policy);
  } catch (err) {
    if (!(err instanceof Invalid)) throw err;
    return { ok: false, statusCode: null, body: null, error: err.message.slice(0, 300), durationMs: 0 };
  }
}

async function attempt(deps: DeliverDeps, c: Claimed, manual: boolean): Promise<SendResult> {
  const at = deps.now();
  const result = await sendSigned(deps, c, c.message_id, c.payload, at);
  await record(deps, c, result, manual, at);
  if (!result.ok)
    log.warn("webhook attempt failed", {
      delivery: c.id,
      endpoint: c.endpoint_id,
      status: result.statusCode,
      requestId: deps.requestId,
    });
  return result;
}

async function record(deps: DeliverDeps, c: Claimed, r: SendResult, manual: boolean, at: Date) {
  const now = at.toISOString();
  const n = manual ? c.attempts : c.attempts + 1;
  let status: string;
  let next: Date | null = null;
  if (r.ok) status = "delivered";
  else if (!manual) ({ status, next } = afterFailure(n, at));
  else {
    // A manual attempt that fails leaves the delivery as it was (a pending one keeps trying).
    status = c.claimed_from;
    if (status === "pending") next = afterFailure(Math.max(n, 1), at).next ?? at;
  }
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO webhook_attempts (delivery_id, attempted_at, ok, status_code, response_body, error, duration_ms, manual)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [c.id, now, r.ok, r.statusCode, r.body, r.error, r.durationMs, manual],
    );
    await tx.query(
      `UPDATE webhook_deliveries SET status = $2, attempts = $3, next_attempt_at = $4, claimed_until = NULL,
              claimed_from = NULL, delivered_at = CASE WHEN $5 THEN $6::timestamptz ELSE delivered_at END
        WHERE id = $1`,
      [c.id, status, n, next?.toISOString() ?? null, r.ok, now],
    );
    if (r.ok)
      // A success ends a failing streak; a manual success turns a disabled endpoint back on.
      await tx.query(
        `UPDATE webhook_endpoints SET last_success_at = $2, failing_since = NULL,
                enabled = enabled OR $3, disabled_at = CASE WHEN $3 THEN NULL ELSE disabled_at END
          WHERE id = $1`,
        [c.endpoint_id, now, manual],
      );
    else
      await tx.query(
        `UPDATE webhook_endpoints SET last_failure_at = $2, last_failure = $3,
                failing_since = coalesce(failing_since, $2::timestamptz)
          WHERE id = $1`,
        [c.endpoint_id, now, (r.error ?? "failed").slice(0, 300)],
      );
  });
}

async function sendAll(deps: DeliverDeps, claimed: Claimed[], manual = false) {
  const results = await Promise.all(claimed.map((c) => attempt(deps, c, manual)));
  return { sent: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
}

/** The deliveries due now (and those of a run that died), one batch; the scheduled job's work. */
export async function deliverDue(deps: DeliverDeps, limit = RUN_BATCH) {
  const claimed = await claim(deps.db, deps.now(), DUE, [], limit);
  return { due: claimed.length, ...(await sendAll(deps, claimed)) };
}

/**
 * The first attempt of the deliveries this request raised, made after its answer (function
 * files call it with `app.deps.after`). Whatever it does not send, the scheduled job sends.
 */
export async function sendRequestWebhooks(deps: DeliverDeps) {
  const claimed = await claim(
    deps.db,
    deps.now(),
    `e.enabled AND d.status = 'pending' AND d.attempts = 0 AND d.request_id = $3 AND d.next_attempt_at <= $1`,
    [deps.requestId],
    RUN_BATCH,
  );
  return sendAll(deps, claimed);
}

/**
 * Claims one delivery of an endpoint for a manual attempt, whatever its state but one being sent
 * right now (409), or 404 when it is not there.
 */
export async function claimForRetry(deps: Pick<Deps, "db" | "now">, endpointId: number, deliveryId: number) {
  const [claimed] = await claim(
    deps.db,
    deps.now(),
    `d.id = $3 AND d.endpoint_id = $4 AND (d.status <> 'sending' OR d.claimed_until < $1)`,
    [deliveryId, endpointId],
    1,
  );
  if (claimed) return claimed;
  const [row] = await deps.db.query("SELECT 1 FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2", [
    deliveryId,
    endpointId,
  ]);
  if (!row)
    throw new NotFound("This delivery no longer exists (it may have expired, or its webhook was deleted).");
  throw new Conflict("This delivery is being sent right now. Look at its attempts again in a minute.");
}

export type ClaimedDelivery = Claimed;

/** The manual attempt of a claimed delivery, now. */
export function sendClaimed(deps: DeliverDeps, claimed: Claimed): Promise<SendResult> {
  return attempt(deps, claimed, true);
}
