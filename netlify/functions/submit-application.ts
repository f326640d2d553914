import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { clearApplyCookie, readApplyToken } from "../../src/server/http/cookies";
import { receiveApplication, verifiedApplicant } from "../../src/server/careers/submit-application";
import { respond } from "../../src/server/http/responses";
import { isBot } from "../../src/server/common/honeypot";
import { MESSAGES } from "../../src/shared/careers/careers-common";
import { submitApplicationApi } from "../../src/shared/careers/api";

/**
 * Must carry the single-use token that verifying the address gave this browser (HttpOnly cookie,
 * 30 minutes); the cheap refusals (origin, rate limit, token) come before the body is read.
 */
export default endpoint(
  submitApplicationApi,
  async ({ deps, req, read, valid }) => {
    const { token, email } = await verifiedApplicant(deps, readApplyToken(req));
    const fields = await read();
    if (!isBot(fields))
      await receiveApplication(deps, {
        input: valid(fields),
        resume: fields.resume,
        token,
        verifiedEmail: email,
      });
    const done = { success: true, message: MESSAGES.submitted } as const;
    return respond(submitApplicationApi, done, { headers: { "Set-Cookie": clearApplyCookie() } });
  },
  { rateLimit: CLIENT_LIMITS.application, rawBody: true },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/submit-application",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
