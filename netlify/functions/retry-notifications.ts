import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { json } from "../../src/server/http/http";
import { retryNotifications } from "../../src/server/contact/notify-retry";

/**
 * Scheduled every 10 minutes: sends again the sales notifications that failed, each after its
 * wait (src/server/contact/notify-retry.ts). Netlify calls it on the schedule only; it has no public
 * address. The local server (scripts/serve.ts) runs it on a timer.
 * https://docs.netlify.com/build/functions/scheduled-functions/
 */
export default endpoint(async (_req, app) => json(await retryNotifications(app.deps)), {
  // The scheduler's request carries no Origin of the site.
  allowCrossOrigin: true,
});

export const config: Config = { schedule: "*/10 * * * *" };
