/**
 * The answers functions send: JSON with security headers (typed by a contract's response schema
 * through `respond`), a 303 for native form posts, and the `{ "error": "..." }` body of a refusal.
 */
import type { Contract, ResponseOf } from "../../shared/api/contract";
import { applySecurityHeaders, NO_STORE } from "./headers";

export interface JsonInit {
  status?: number;
  headers?: Record<string, string>;
  /** Cache-Control; personal and staff data default to no-store. */
  cache?: string;
}

export function json(data: unknown, init: JsonInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", init.cache ?? NO_STORE);
  applySecurityHeaders(headers);
  return new Response(JSON.stringify(data), { status: init.status ?? 200, headers });
}

/**
 * The JSON answer of a contract (src/shared/api/): the body is typed by its response schema, and
 * the status is the contract's success status unless `init` names another.
 */
export function respond<C extends Contract>(c: C, body: ResponseOf<C>, init: JsonInit = {}): Response {
  return json(body, { ...init, status: init.status ?? c.status ?? 200 });
}

/** 303 See Other: a native form post (or a link) goes on to `location` with a GET. */
export function seeOther(location: string, headers: Record<string, string> = {}): Response {
  const h = new Headers(headers);
  h.set("Location", location);
  h.set("Cache-Control", NO_STORE);
  applySecurityHeaders(h);
  return new Response(null, { status: 303, headers: h });
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}) {
  return json({ error: message }, { status, headers });
}
