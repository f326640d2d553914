import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { extendTalentPool } from "../../src/server/privacy/self-service";
import { privacyExtendApi } from "../../src/shared/api/privacy";

/**
 * POST /api/privacy/extend { token } -> { success, until }: the link of the talent-pool reminder
 * (sent 30 days before the application expires) keeps it for another full lifetime. Single use;
 * 404 when the link is no longer valid.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { token } = validate(privacyExtendApi.body, await parseBody(req));
    return respond(privacyExtendApi, { success: true, ...(await extendTalentPool(app.deps, token)) });
  },
  { api: privacyExtendApi },
);

export const config: Config = { path: "/api/privacy/extend" };
