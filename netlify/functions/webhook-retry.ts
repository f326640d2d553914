import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { retryDelivery } from "../../src/server/webhooks/endpoints";
import { retryWebhookApi } from "../../src/shared/webhooks/api";

/** A receiver that refuses it is not an error of this call: `ok` is false, `message` says what it answered. */
export default endpoint(retryWebhookApi, async ({ deps, actor, params: { id, delivery } }) => {
  const r = await retryDelivery(deps, actor, id, delivery);
  const said = r.ok ? `Delivered: the receiver answered ${r.statusCode}.` : `Not delivered. ${r.error ?? ""}`;
  return { ok: r.ok, status_code: r.statusCode, error: r.error, message: said.trim() };
});

export const config: Config = { path: "/api/webhooks/:id/deliveries/:delivery/retry" };
