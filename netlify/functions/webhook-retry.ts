import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { claimForRetry, sendClaimed } from "../../src/server/common/webhooks/deliver";
import { retryWebhookApi } from "../../src/shared/api/webhooks";

/**
 * POST /api/webhooks/:id/deliveries/:delivery/retry -> { ok, status_code, error, message }
 * (root_admin): sends the delivery again now, whatever its state (but one being sent right now:
 * 409). The claim is audited; the attempt follows it and is logged like any other. A receiver
 * that refuses it is not an error of this call: `ok` is false and `message` says what it answered.
 */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "users");
    const id = idParam(context, "id", "webhook id");
    const delivery = idParam(context, "delivery", "delivery id");
    const claimed = await audited(
      app,
      staff,
      { action: "webhook.retry", entity: "webhook", id, extra: () => ({ delivery: [null, delivery] }) },
      ({ deps }) => claimForRetry(deps, id, delivery),
    );
    const r = await sendClaimed(app.deps, claimed);
    return respond(retryWebhookApi, {
      ok: r.ok,
      status_code: r.statusCode,
      error: r.error,
      message: r.ok
        ? `Delivered: the receiver answered ${r.statusCode}.`
        : `Not delivered. ${r.error ?? ""}`.trim(),
    });
  },
  { api: retryWebhookApi },
);

export const config: Config = { path: "/api/webhooks/:id/deliveries/:delivery/retry" };
