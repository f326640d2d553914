import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { sendTestDelivery } from "../../src/server/webhooks/endpoints";
import { testWebhookApi } from "../../src/shared/webhooks/api";

/** A receiver that refuses the test is not an error of this call: `ok` is false, `message` says what it answered. */
export default endpoint(testWebhookApi, async ({ deps, actor, params: { id } }) => {
  const r = await sendTestDelivery(deps, actor, id);
  const said = r.ok
    ? `Test delivery accepted: the receiver answered ${r.statusCode}.`
    : `Test delivery not accepted. ${r.error ?? ""}`;
  return { ok: r.ok, status_code: r.statusCode, error: r.error, message: said.trim() };
});

export const config: Config = { path: "/api/webhooks/:id/test" };
