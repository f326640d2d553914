import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { clearPrivacyCookie } from "../../src/server/http/privacy-auth";
import { eraseEverything } from "../../src/server/privacy/self-service";
import { privacyEraseApi } from "../../src/shared/privacy/api";

/** Everything held under the verified address is anonymised and its files deleted; access ends. */
export default endpoint(privacyEraseApi, async ({ deps, email }) => {
  const { counts, askedToDelete } = await eraseEverything(deps, email);
  const body = { success: true as const, erased: counts, askedToDelete };
  return respond(privacyEraseApi, body, { headers: { "Set-Cookie": clearPrivacyCookie() } });
});

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/privacy/erase",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
