import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listDeliveries } from "../../src/server/webhooks/endpoints";
import { webhookDeliveriesApi } from "../../src/shared/webhooks/api";

/** Each with its latest attempts (status, time, HTTP code, first 1 kB of the answer). */
export default endpoint(webhookDeliveriesApi, async ({ deps, params: { id }, query: { page } }) =>
  listDeliveries(deps, id, page),
);

export const config: Config = { path: "/api/webhooks/:id/deliveries" };
