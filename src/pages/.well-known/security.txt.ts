/** /.well-known/security.txt (RFC 9116), from src/config/trust.json; built once, served statically. */
import type { APIRoute } from "astro";
import { trust } from "../../config/trust";
import { securityTxt } from "../../shared/trust/security-txt";

export const GET: APIRoute = ({ site }) =>
  new Response(
    securityTxt({
      base: site?.toString() ?? "http://localhost:4321",
      ...trust.securityTxt,
      now: new Date(),
    }),
    { headers: { "Content-Type": "text/plain; charset=utf-8" } },
  );
