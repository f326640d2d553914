import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { currentStaff } from "../../src/server/http/staff-auth";
import { checkHealth, type HealthReport } from "../../src/server/http/health";
import { respond } from "../../src/server/http/responses";
import { healthApi } from "../../src/shared/api/platform";

/** Anonymous callers share one check per function instance for this long (each check costs). */
const PUBLIC_CHECK_MS = 10_000;
let lastPublic: { at: number; report: Promise<HealthReport> } | undefined;

/**
 * GET /api/health -> { ok } (200 or 503); a signed-in root_admin also gets the adapters, whether
 * the migrations are current and the round-trip time of each part.
 */
export default endpoint(
  healthApi,
  async ({ req, app }) => {
    const session = await currentStaff(app, req).catch(() => undefined);
    if (session?.role === "root_admin") {
      const report = await checkHealth(app);
      return respond(healthApi, report, { status: report.ok ? 200 : 503 });
    }
    const now = Date.now();
    if (!lastPublic || now - lastPublic.at > PUBLIC_CHECK_MS)
      lastPublic = { at: now, report: checkHealth(app) };
    const { ok } = await lastPublic.report;
    return respond(healthApi, { ok }, { status: ok ? 200 : 503 });
  },
  // GET and HEAD pass the Origin check anyway (monitors may call from anywhere); any other
  // method from another site is refused like everywhere else.
  { unconfigured: () => respond(healthApi, { ok: false }, { status: 503 }) },
);

export const config: Config = { path: "/api/health" };
