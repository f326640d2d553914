import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, respond } from "../../src/server/http/http";
import { geoApi } from "../../src/shared/api/platform";

/**
 * GET /api/geo -> { country }: the visitor's country from the platform's geolocation (Netlify's
 * context.geo), for the phone field's default country. "US" when unknown. No third party is asked.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const code = app.country?.toUpperCase();
    const country = code && /^[A-Z]{2}$/.test(code) ? code : "US";
    // Per visitor: never in a shared cache.
    return respond(geoApi, { country }, { cache: "private, max-age=3600" });
  },
  { api: geoApi },
);

export const config: Config = { path: "/api/geo" };
