/** An iCalendar document as an answer (a member's private feed): never cached by a shared cache. */
import { applySecurityHeaders } from "./headers";

export function calendarResponse(ics: string): Response {
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    }),
  );
  return new Response(ics, { headers });
}
