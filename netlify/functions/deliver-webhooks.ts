import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { json } from "../../src/server/http/http";
import { runWebhookDeliveries } from "../../src/server/webhooks/schedule";

/**
 * Scheduled every 5 minutes: disables the webhook endpoints failing for 3 days (root admins are
 * mailed once), then sends the deliveries that are due, each after its wait
 * (src/server/common/webhooks/deliver.ts). Netlify calls it on the schedule only; the local server runs
 * it on a timer (scripts/lib/schedules.ts).
 */
export default endpoint(async (_req, app) => json(await runWebhookDeliveries(app.deps)), {
  // The scheduler's request carries no Origin of the site.
  allowCrossOrigin: true,
});

export const config: Config = { schedule: "*/5 * * * *" };
