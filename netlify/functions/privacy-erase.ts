import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { clearPrivacyCookie, requirePrivacyEmail } from "../../src/server/http/privacy-auth";
import { eraseEverything } from "../../src/server/privacy/self-service";
import { privacyEraseApi } from "../../src/shared/api/privacy";

/**
 * POST /api/privacy/erase -> { success, erased: { inquiries, applications, comments } }: everything
 * held under the verified address is anonymised and its files deleted from storage; one audit
 * entry records it without the address. The page's access ends with it. 401 without the cookie.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const email = await requirePrivacyEmail(app, req);
    const erased = await eraseEverything(app.deps, email);
    return respond(
      privacyEraseApi,
      { success: true, erased },
      { headers: { "Set-Cookie": clearPrivacyCookie() } },
    );
  },
  { api: privacyEraseApi },
);

export const config: Config = { path: "/api/privacy/erase" };
