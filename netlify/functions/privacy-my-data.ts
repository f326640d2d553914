import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { json, requireMethod } from "../../src/server/http/http";
import { requirePrivacyEmail } from "../../src/server/http/privacy-auth";
import { heldData } from "../../src/server/privacy/held-data";

/**
 * GET /api/privacy/my-data -> everything held under the verified address: { email, exportedAt,
 * inquiries, applications (each with a 5-minute resume link), comments, consents }. 401 without
 * the page's cookie.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const email = await requirePrivacyEmail(app, req);
  return json(await heldData(app.deps, email));
});

export const config: Config = { path: "/api/privacy/my-data" };
