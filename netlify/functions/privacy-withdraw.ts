import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { withdrawApplication } from "../../src/server/privacy/self-service";
import { privacyWithdrawApi } from "../../src/shared/privacy/api";

/** The application is anonymised, its resume deleted and the careers team told; 404 if not theirs. */
export default endpoint(privacyWithdrawApi, async ({ deps, email, body }) => {
  await withdrawApplication(deps, email, body.id);
  return { success: true };
});

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/privacy/withdraw",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
