import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { extendTalentPool } from "../../src/server/privacy/self-service";
import { privacyExtendApi } from "../../src/shared/privacy/api";

/** The talent-pool reminder's single-use link keeps the application another lifetime; 404 once used. */
export default endpoint(privacyExtendApi, async ({ deps, body }) => ({
  success: true,
  ...(await extendTalentPool(deps, body.token)),
}));

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/privacy/extend",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
