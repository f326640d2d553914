/**
 * /styles/site.css: the site's global stylesheet as a file (pages inline theirs), for the pages
 * that functions answer with (src/server/http/form-page.ts), which cannot import Astro pages.
 */
import type { APIRoute } from "astro";
import site from "../../styles/global.css?inline";
import formResult from "../../styles/form-result.css?inline";

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(`${site}\n${formResult}`, { headers: { "Content-Type": "text/css; charset=utf-8" } });
