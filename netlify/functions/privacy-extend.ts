import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { extendTalentPool } from "../../src/server/privacy/self-service";
import { extendSchema } from "../../src/shared/privacy/self-service";

/**
 * POST /api/privacy/extend { token } -> { success, until }: the link of the talent-pool reminder
 * (sent 30 days before the application expires) keeps it for another full lifetime. Single use;
 * 404 when the link is no longer valid.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const { token } = validate(extendSchema, await parseBody(req));
  return json({ success: true, ...(await extendTalentPool(app.deps, token)) });
});

export const config: Config = { path: "/api/privacy/extend" };
