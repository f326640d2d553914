import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { json } from "../../src/server/http/http";
import { pruneAudit } from "../../src/server/audit/trail";

/**
 * Scheduled daily: deletes audit trail entries older than AUDIT_RETENTION_DAYS (default 365).
 * Netlify calls it on the schedule only; it has no public address. The local server runs it on a
 * timer (scripts/lib/schedules.ts). https://docs.netlify.com/build/functions/scheduled-functions/
 */
export default endpoint(
  async (_req, app) => json({ deleted: await pruneAudit(app.deps) }),
  // The scheduler's request carries no Origin of the site.
  { allowCrossOrigin: true },
);

export const config: Config = { schedule: "@daily" };
