import { defineMiddleware } from "astro:middleware";
import { narrowCsp, unlistedScripts } from "./server/http/csp";
import { applySecurityHeaders } from "./server/http/headers";
import { log } from "./server/platform/log";
import { externalIslandRuntime, hoistIslandStyle } from "./server/http/html-head";
import { SPECULATION_ELEMENT } from "./config/speculation";

/**
 * On-demand pages carry the same security headers as static files (netlify.toml), and a CSP that
 * allows only the inline scripts and styles the page really has, scripts only when the templates
 * emit them (Astro's build-time list); a page with any other inline script is reported. A visitor
 * whose browser asks to save data (Save-Data: on) gets the page without its Speculation Rules
 * (src/config/speculation.ts); static pages rely on Chromium, which speculates nothing then.
 * Astro's inline island runtime becomes the script file of the same bytes (html-head.ts).
 */
export const onRequest = defineMiddleware(async (ctx, next) => {
  let response = await next();
  const policy = response.headers.get("Content-Security-Policy");
  if (policy && response.headers.get("Content-Type")?.startsWith("text/html")) {
    const saveData = ctx.request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
    let html = externalIslandRuntime(hoistIslandStyle(await response.text()));
    if (saveData) html = html.replace(SPECULATION_ELEMENT, "");
    const unlisted = unlistedScripts(policy, html);
    if (unlisted.length > 0)
      log.warn("inline script not emitted by any template: blocked by the page CSP", {
        path: ctx.url.pathname,
        hashes: unlisted,
      });
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", narrowCsp(policy, html));
    headers.append("Vary", "Save-Data");
    response = new Response(html, { status: response.status, statusText: response.statusText, headers });
  }
  applySecurityHeaders(response.headers, "page");
  return response;
});
