/**
 * Calls a function handler in-process as a given staff member. Its JSON answer is checked against
 * the endpoint's contract on the way (tests/helpers/contract-check.ts, installed by setup.ts).
 */
import { callAsPlatform } from "../../scripts/lib/functions";
import type { GivenPorts } from "../../src/server/http/app";

export type Handler = (req: Request, ctx?: never, given?: GivenPorts) => Promise<Response>;

export interface CallInit {
  method?: string;
  cookie?: string | undefined;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** The test's back ends, for a function not already bound to them (tests/helpers/ports.ts). */
  ports?: GivenPorts;
}

export const ORIGIN = "http://localhost:4321";

export function call(handler: Handler, path: string, init: CallInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  const method = init.method ?? (init.json !== undefined || init.form ? "POST" : "GET");
  if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", ORIGIN);
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  return callAsPlatform(handler, new Request(`${ORIGIN}${path}`, { method, headers, body }), {}, init.ports);
}

export function postForm(
  fields: Record<string, string | Blob>,
  files: Record<string, [Uint8Array, string, string]> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, [bytes, name, type]] of Object.entries(files))
    form.append(k, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}
