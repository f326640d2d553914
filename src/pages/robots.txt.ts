/** robots.txt with an absolute Sitemap URL from SITE_URL (built once, served statically). */
import type { APIRoute } from "astro";
import { robotsTxt } from "../shared/common/sitemap";

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site?.toString() ?? "http://localhost:4321"), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
