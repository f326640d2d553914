/**
 * /contact: the short form of the contact page's address, a permanent redirect to /contact%20us.
 * On Netlify a function's path is matched before redirect rules, and the on-demand pages'
 * function claims every path that has no file: a netlify.toml redirect never runs for /contact
 * (https://docs.netlify.com/platform/request-chain). So the redirect is answered here.
 */
import type { APIRoute } from "astro";
import { applySecurityHeaders } from "../server/http/headers";

export const prerender = false;

export const GET: APIRoute = () =>
  new Response(null, {
    status: 301,
    headers: applySecurityHeaders(
      new Headers({ Location: "/contact%20us", "Cache-Control": "public, max-age=3600" }),
      "page",
    ),
  });
export const HEAD = GET;
