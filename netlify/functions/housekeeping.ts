import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { json } from "../../src/server/http/http";
import { runHousekeeping } from "../../src/server/privacy/housekeeping";

/**
 * Scheduled daily: the one housekeeping job (src/server/privacy/housekeeping.ts). It anonymises
 * applications, leads and commenters' e-mails past their lifetime (src/shared/privacy/retention.ts)
 * and deletes their files, reminds talent-pool candidates 30 days before, deletes ended sessions,
 * old codes, rate-limit rows, the old mail log, expired audit entries and unused post pictures,
 * shortens old audit addresses, and records one audit entry of counts. Two runs at once do the
 * work once. Netlify calls it on the schedule only; it has no public address. The local server runs
 * it on a timer (scripts/lib/schedules.ts). https://docs.netlify.com/build/functions/scheduled-functions/
 */
export default endpoint(async (_req, app) => json(await runHousekeeping(app.deps)), {
  // The scheduler's request carries no Origin of the site.
  allowCrossOrigin: true,
});

export const config: Config = { schedule: "@daily" };
