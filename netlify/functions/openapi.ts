import type { Config } from "@netlify/functions";
import document from "../../src/shared/api/openapi.json" with { type: "json" };
import { endpoint } from "../../src/server/http/endpoint";
import { openApiApi } from "../../src/shared/api/platform";

/** The OpenAPI 3.1 document the build wrote from the contracts (src/integrations/openapi.ts). */
export default endpoint(openApiApi, async () => document);

export const config: Config = { path: "/api/openapi.json" };
