/**
 * Runtime configuration read by the analytics loader: { googleTagId } from GOOGLE_TAG_ID,
 * resolved at build time (the tag id is public; it is not a secret).
 */
import type { APIRoute } from "astro";
import { publicEnv } from "../server/platform/public-env";

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ googleTagId: publicEnv().googleTagId ?? null }), {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
