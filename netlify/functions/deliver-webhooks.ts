import type { Config } from "@netlify/functions";
import { scheduled } from "../../src/server/http/endpoint";
import { runWebhookDeliveries } from "../../src/server/webhooks/schedule";

/**
 * Scheduled every 5 minutes: disables the webhook endpoints failing for 3 days (root admins are
 * mailed once), then sends the deliveries that are due, each after its wait
 * (src/server/common/webhooks/deliver.ts). Netlify calls it on the schedule only; the local server runs
 * it on a timer (scripts/lib/schedules.ts).
 */
export default scheduled(runWebhookDeliveries);

export const config: Config = { schedule: "*/5 * * * *" };
