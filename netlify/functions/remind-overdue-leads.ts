import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { json } from "../../src/server/http/http";
import { remindOverdue } from "../../src/server/contact/targets";

/**
 * Scheduled every 10 minutes: mails the owner (or the admins) of each lead whose response-time
 * target was just missed, once per lead and target (src/server/contact/targets.ts). Netlify calls
 * it on the schedule only; the local server runs it on a timer (scripts/lib/schedules.ts).
 */
export default endpoint(async (_req, app) => json(await remindOverdue(app.deps)), {
  // The scheduler's request carries no Origin of the site.
  allowCrossOrigin: true,
});

export const config: Config = { schedule: "*/10 * * * *" };
