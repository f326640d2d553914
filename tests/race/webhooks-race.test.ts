/**
 * Two (and four) webhook delivery runs at once, on real PostgreSQL: every due delivery is claimed
 * by one run only (`FOR UPDATE SKIP LOCKED`), so the receiver gets each attempt exactly once; the
 * send after a request's answer and the scheduled run do not both send its delivery either.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import deliverWebhooksFn from "../../netlify/functions/deliver-webhooks";
import { makeDeps } from "../../src/server/common/deps";
import { env } from "../../src/server/platform/env";
import { sendRequestWebhooks } from "../../src/server/common/webhooks/deliver";
import { postgresDb, requirePostgres, type TestDb } from "../helpers/db";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { withPorts } from "../helpers/ports";

let t: TestDb | undefined;
let rx: Receiver;
const deliverWebhooks = withPorts(deliverWebhooksFn, () => ({ db: t!.db }));
const SECRET = "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

beforeAll(async () => {
  t = await postgresDb();
  if (!t && requirePostgres()) throw new Error("PG_TEST_URL is not set");
  rx = await startReceiver();
  rx.secret = SECRET;
}, 120_000);
afterAll(async () => {
  await rx.close();
  await t?.close();
});

async function pending(n: number, requestId: string | null = null): Promise<number> {
  await t!.db.query("DELETE FROM webhook_endpoints");
  rx.received.length = 0;
  const [ep] = await t!.db.query<{ id: number }>(
    "INSERT INTO webhook_endpoints (url, events, secret) VALUES ($1, '{lead.created}', $2) RETURNING id",
    [rx.url, SECRET],
  );
  await t!.db.query(
    `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, next_attempt_at,
                                     request_id, created_at)
     SELECT $1, 'msg_' || md5(i::text || random()::text), 'lead.created',
            jsonb_build_object('type', 'lead.created', 'timestamp', now(), 'data', jsonb_build_object('id', i)),
            'pending', now() - interval '1 second', $3, now()
       FROM generate_series(1, $2) AS i`,
    [ep!.id, n, requestId],
  );
  return ep!.id;
}

const run = () =>
  deliverWebhooks(
    new Request("https://site.example/.netlify/functions/deliver-webhooks", { method: "POST" }),
  ).then((r) => r.json() as Promise<{ due: number; sent: number; failed: number }>);

async function expectEachOnce(n: number) {
  const ids = rx.received.map((r) => r.headers["webhook-id"]);
  expect(rx.received.every((r) => r.error === undefined)).toBe(true);
  expect(ids).toHaveLength(n);
  expect(new Set(ids).size).toBe(n);
  const [row] = await t!.db.query<{ attempts: number; delivered: number }>(
    `SELECT (SELECT count(*)::int FROM webhook_attempts) AS attempts,
            (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'delivered') AS delivered`,
  );
  expect(row).toEqual({ attempts: n, delivered: n });
}

describe.skipIf(!process.env.PG_TEST_URL && !requirePostgres())(
  "webhook deliveries sent at once, on PostgreSQL",
  () => {
    it("two runs at once send each of 40 due deliveries exactly once", async () => {
      await pending(40);
      rx.answer = { status: 200, body: "ok", delayMs: 150 };
      const [a, b] = await Promise.all([run(), run()]);
      expect(a.due + b.due).toBe(40);
      expect(a.sent + b.sent).toBe(40);
      await expectEachOnce(40);
      expect(await run()).toMatchObject({ due: 0 });
    });

    it("four runs at once, the receiver slow: still once each", async () => {
      await pending(60);
      rx.answer = { status: 200, body: "ok", delayMs: 300 };
      const results = await Promise.all([run(), run(), run(), run()]);
      expect(results.reduce((n, r) => n + r.due, 0)).toBe(60);
      await expectEachOnce(60);
    });

    it("the send after a request's answer and a scheduled run at once: once each", async () => {
      await pending(20, "request-under-test");
      rx.answer = { status: 200, body: "ok", delayMs: 100 };
      const deps = makeDeps({ db: t!.db, env: env(), secret: "s", requestId: "request-under-test" });
      await Promise.all([sendRequestWebhooks(deps), run(), sendRequestWebhooks(deps)]);
      await expectEachOnce(20);
    });
  },
);
