/**
 * Runtime configuration read by the analytics loader: { googleTagId } from GOOGLE_TAG_ID.
 *
 * Rendered on demand so that it can honour Global Privacy Control sent as a header: a request
 * with `Sec-GPC: 1` gets no tag id, so the consent script (src/components/layout/Analytics.astro)
 * neither asks nor loads the tag, on prerendered pages too. The CDN keeps one copy per value of
 * that header (Netlify-Vary), so this costs a function call only when the cache is cold.
 */
import type { APIRoute } from "astro";
import { publicEnv } from "../config/public-env";

export const prerender = false;

export const GET: APIRoute = ({ request }) => {
  const gpc = request.headers.get("sec-gpc")?.trim() === "1";
  return new Response(JSON.stringify({ googleTagId: gpc ? null : (publicEnv().googleTagId ?? null) }), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=0, must-revalidate",
      "Netlify-CDN-Cache-Control": "public, durable, s-maxage=86400",
      "Netlify-Vary": "header=Sec-GPC",
      Vary: "Sec-GPC",
    },
  });
};
