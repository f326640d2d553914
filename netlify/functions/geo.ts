import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { geoApi } from "../../src/shared/api/platform";

/** The country from the platform's geolocation (context.geo), "US" when unknown; no third party asked. */
export default endpoint(geoApi, async ({ app }) => {
  const code = app.country?.toUpperCase();
  const country = code && /^[A-Z]{2}$/.test(code) ? code : "US";
  return respond(geoApi, { country }, { cache: "private, max-age=3600" }); // never in a shared cache
});

export const config: Config = { path: "/api/geo" };
