import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { requirePrivacyEmail } from "../../src/server/http/privacy-auth";
import { withdrawApplication } from "../../src/server/privacy/self-service";
import { privacyWithdrawApi } from "../../src/shared/api/privacy";

/**
 * POST /api/privacy/withdraw { id } -> { success: true }: the candidate withdraws one of their
 * applications; it is anonymised, its resume deleted, and the careers team told. 404 for an id
 * that is not one of theirs; 401 without the page's cookie.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const email = await requirePrivacyEmail(app, req);
    const { id } = validate(privacyWithdrawApi.body, await parseBody(req));
    await withdrawApplication(app.deps, email, id);
    return respond(privacyWithdrawApi, { success: true });
  },
  { api: privacyWithdrawApi },
);

export const config: Config = { path: "/api/privacy/withdraw" };
