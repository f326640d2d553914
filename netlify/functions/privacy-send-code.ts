import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { sendPrivacyCode } from "../../src/server/privacy/self-service";
import { privacySendCodeApi } from "../../src/shared/privacy/api";

/** The same answer whether or not anything is held; a code is mailed only when something is. */
export default endpoint(
  privacySendCodeApi,
  async ({ deps, body }) => {
    await sendPrivacyCode(deps, body.email);
    return { success: true };
  },
  { rateLimit: CLIENT_LIMITS.privacyCodeSend },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/privacy/send-code",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
