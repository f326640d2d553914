import type { Config } from "@netlify/functions";
import document from "../../src/shared/api/openapi.json" with { type: "json" };
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { requireStaff } from "../../src/server/http/staff-auth";
import { openApiApi } from "../../src/shared/api/platform";

/**
 * GET /api/openapi.json -> the API's OpenAPI 3.1 document, as the build wrote it from the
 * contracts (src/integrations/openapi.ts): for any signed-in staff member, 401 otherwise.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    return respond(openApiApi, document);
  },
  { api: openApiApi },
);

export const config: Config = { path: "/api/openapi.json" };
