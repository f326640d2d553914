import { defineMiddleware } from "astro:middleware";
import { narrowCsp } from "./server/csp";
import { applySecurityHeaders } from "./server/headers";
import { hoistIslandStyle } from "./server/html-head";

/**
 * On-demand pages carry the same security headers as static files (netlify.toml), and a CSP that
 * allows only the inline scripts and styles the page really has.
 */
export const onRequest = defineMiddleware(async (_ctx, next) => {
  let response = await next();
  const policy = response.headers.get("Content-Security-Policy");
  if (policy && response.headers.get("Content-Type")?.startsWith("text/html")) {
    const html = hoistIslandStyle(await response.text());
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", narrowCsp(policy, html));
    response = new Response(html, { status: response.status, statusText: response.statusText, headers });
  }
  applySecurityHeaders(response.headers, "page");
  return response;
});
