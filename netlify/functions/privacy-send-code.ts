import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { sendPrivacyCode } from "../../src/server/privacy/self-service";
import { privacySendCodeApi } from "../../src/shared/api/privacy";

/**
 * POST /api/privacy/send-code { email } -> { success: true }, whether or not anything is held
 * under the address: a 6-digit code is mailed only when something is (after the answer, under the
 * caps of every e-mail code). Past the client's hourly limit: 429.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { email } = validate(privacySendCodeApi.body, await parseBody(req));
    await sendPrivacyCode(app.deps, email);
    return respond(privacySendCodeApi, { success: true });
  },
  { api: privacySendCodeApi, method: "POST", rateLimit: CLIENT_LIMITS.privacyCodeSend },
);

export const config: Config = { path: "/api/privacy/send-code" };
