import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { requirePrivacyEmail } from "../../src/server/http/privacy-auth";
import { heldData } from "../../src/server/privacy/held-data";
import { privacyMyDataApi } from "../../src/shared/api/privacy";

/**
 * GET /api/privacy/my-data -> everything held under the verified address: { email, exportedAt,
 * inquiries, applications (each with a 5-minute resume link), comments, consents }. 401 without
 * the page's cookie.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const email = await requirePrivacyEmail(app, req);
    return respond(privacyMyDataApi, await heldData(app.deps, email));
  },
  { api: privacyMyDataApi },
);

export const config: Config = { path: "/api/privacy/my-data" };
