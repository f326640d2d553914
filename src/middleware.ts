import { defineMiddleware } from "astro:middleware";
import { applySecurityHeaders } from "./server/headers";

/** On-demand pages carry the same security headers as static files (netlify.toml). */
export const onRequest = defineMiddleware(async (_ctx, next) => {
  const response = await next();
  applySecurityHeaders(response.headers, "page");
  return response;
});
