import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { requirePrivacyEmail } from "../../src/server/http/privacy-auth";
import { withdrawApplication } from "../../src/server/privacy/self-service";
import { withdrawSchema } from "../../src/shared/privacy/self-service";

/**
 * POST /api/privacy/withdraw { id } -> { success: true }: the candidate withdraws one of their
 * applications; it is anonymised, its resume deleted, and the careers team told. 404 for an id
 * that is not one of theirs; 401 without the page's cookie.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const email = await requirePrivacyEmail(app, req);
  const { id } = validate(withdrawSchema, await parseBody(req));
  await withdrawApplication(app.deps, email, id);
  return json({ success: true });
});

export const config: Config = { path: "/api/privacy/withdraw" };
