/**
 * Request and response helpers shared by every function: body parsing with one set of field
 * names for JSON, form-encoded and multipart bodies; JSON answers with security headers; and
 * the one place that turns errors into responses (4xx with a message a person can act on,
 * 503 with Retry-After when the database is away, and a plain 500 with a logged request id).
 */
import { ZodError } from "zod";
import { firstIssue } from "../common/validate";
import { isUnavailable } from "../platform/db/db";
import { applySecurityHeaders, NO_STORE } from "./headers";
import { log } from "../platform/log";
import { MAX_FILES_LABEL, MAX_REQUEST_BYTES } from "../../shared/common/upload-limits";
import { DomainError, RateLimited, Unavailable, type ErrorKind } from "../common/errors";
import type { Contract, ResponseOf } from "../../shared/api/contract";

/**
 * An error that only the HTTP layer can mean (a wrong method, an unsupported content type, a
 * request from another site). Use cases throw the domain errors of src/server/common/errors.ts.
 */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** HTTP-layer shorthands (request parsing). Use cases throw Invalid / NotFound instead. */
export const badRequest = (msg: string) => new HttpError(400, msg);
export const notFound = (msg = "Not found") => new HttpError(404, msg);

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

/** One entry of a JSON list of records (a case study's results): its values as text. */
export type FieldRecord = Record<string, string>;

/**
 * Fields of a parsed body: strings (a repeated field becomes an array) and files; from JSON also a
 * list of flat records (`[{ "value": "45%", "label": "..." }]`), each value as text.
 */
export type Fields = Record<string, string | string[] | File | FieldRecord[]>;

const isScalar = (x: unknown): x is string | number | boolean =>
  typeof x === "string" || typeof x === "number" || typeof x === "boolean";

/** A JSON list of flat records (no nesting, at most 50, scalar values) as text records; undefined if not one. */
function recordList(v: unknown[]): FieldRecord[] | undefined {
  if (v.length === 0 || v.length > 50) return undefined;
  const out: FieldRecord[] = [];
  for (const x of v) {
    if (!x || typeof x !== "object" || Array.isArray(x)) return undefined;
    const rec = Object.create(null) as FieldRecord;
    for (const [k, val] of Object.entries(x as Record<string, unknown>)) {
      if (k === "__proto__" || k === "constructor" || k === "prototype") continue;
      if (val === null || val === undefined) continue;
      if (!isScalar(val)) return undefined;
      rec[k] = String(val);
    }
    out.push(rec);
  }
  return out;
}

export const MAX_TEXT_BODY = 1_100_000; // a little over 1 MB of text is the most any form needs
/** What a function can receive: src/shared/common/upload-limits.ts. */
export const MAX_MULTIPART_BODY = MAX_REQUEST_BYTES;

function contentLength(req: Request): number | undefined {
  const v = req.headers.get("content-length");
  return v && /^\d+$/.test(v) ? Number(v) : undefined;
}

/**
 * Reads the body, counting bytes as they arrive: a declared Content-Length over the limit is
 * refused before reading, and a body without one (chunked) is cut off with 413 the moment it
 * passes the limit, never held whole.
 */
export async function readBytes(
  req: Request,
  limit: number,
  message: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const len = contentLength(req);
  if (len !== undefined && len > limit) throw new HttpError(413, message);
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw badRequest("The request body could not be read. Please send it again.");
    }
    if (step.done) break;
    total += step.value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new HttpError(413, message);
    }
    chunks.push(step.value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

async function readText(req: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBytes(req, limit, "The request is too large."));
}

function addField(out: Fields, key: string, value: string | File) {
  if (key === "__proto__" || key === "constructor" || key === "prototype") return;
  const prev = out[key];
  if (prev === undefined) out[key] = value;
  else if (typeof value === "string" && typeof prev === "string") out[key] = [prev, value];
  else if (typeof value === "string" && Array.isArray(prev) && prev.every((x) => typeof x === "string"))
    (prev as string[]).push(value);
  else throw badRequest(`The field "${key}" was sent more than once.`);
}

/**
 * Parses a request body. `files: true` allows multipart only (endpoints that take a file);
 * otherwise JSON, form-encoded and multipart bodies are accepted with the same field names.
 */
export async function parseBody(req: Request, opts: { files?: boolean } = {}): Promise<Fields> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  const out: Fields = Object.create(null) as Fields;
  if (type.startsWith("multipart/form-data")) {
    const bytes = await readBytes(
      req,
      MAX_MULTIPART_BODY,
      `The upload is too large: files may be at most ${MAX_FILES_LABEL} in all.`,
    );
    let form: FormData;
    try {
      form = await new Response(bytes, {
        headers: { "content-type": req.headers.get("content-type") ?? type },
      }).formData();
    } catch {
      throw badRequest("The form data could not be read. Please send it again.");
    }
    for (const [k, v] of form.entries()) addField(out, k, v as string | File);
    return out;
  }
  if (opts.files) throw new HttpError(415, "Send this form as multipart/form-data.");
  if (type.startsWith("application/json")) {
    const text = await readText(req, MAX_TEXT_BODY);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw badRequest("The request body is not valid JSON.");
    }
    if (!data || typeof data !== "object" || Array.isArray(data))
      throw badRequest("The request body must be a JSON object.");
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      if (typeof v === "string") addField(out, k, v);
      else if (typeof v === "number" || typeof v === "boolean") addField(out, k, String(v));
      else if (Array.isArray(v) && v.every((x) => typeof x === "string")) out[k] = v as string[];
      else if (Array.isArray(v) && recordList(v)) out[k] = recordList(v)!;
      else throw badRequest(`The field "${k}" has the wrong type.`);
    }
    return out;
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const text = await readText(req, MAX_TEXT_BODY);
    for (const [k, v] of new URLSearchParams(text)) addField(out, k, v);
    return out;
  }
  throw new HttpError(415, "Unsupported content type: send JSON, form-encoded or multipart form data.");
}

// The rule for text and schema validation belong to use cases (src/server/common/validate.ts);
// they stay importable from here for function files.

export function requireMethod(req: Request, ...methods: string[]) {
  if (!methods.includes(req.method))
    throw new HttpError(405, `Use ${methods.join(" or ")} for this address.`, {
      Allow: methods.join(", "),
    });
}

/** Refuses state-changing requests sent from another site (CSRF defence in depth). */
export function requireSameOrigin(req: Request, siteUrl: string) {
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.get("origin");
  if (!origin) {
    // Browsers send Origin on every cross-site POST; a missing one with a foreign
    // Sec-Fetch-Site is still refused.
    const site = req.headers.get("sec-fetch-site");
    if (site && site !== "same-origin" && site !== "none")
      throw new HttpError(403, "This request must come from the site itself.");
    return;
  }
  const allowed = new Set([new URL(req.url).origin, new URL(siteUrl).origin]);
  if (!allowed.has(origin)) throw new HttpError(403, "This request must come from the site itself.");
}

/** Parses a positive integer id from a path segment; anything else is a 400. */
export function parseId(value: string | undefined, name = "id"): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw badRequest(`The ${name} must be a positive whole number.`);
  return Number(value);
}

/** The HTTP status of each domain error (src/server/common/errors.ts). */
export const DOMAIN_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  gone: 410,
  conflict: 409,
  unprocessable: 422,
  "too-large": 413,
  "unsupported-media": 415,
  "rate-limited": 429,
  "upstream-failed": 502,
  unavailable: 503,
};

/** The status, message and headers of an error a person can act on; undefined for any other. */
export function knownError(
  err: unknown,
): { status: number; message: string; headers: Record<string, string> } | undefined {
  if (err instanceof DomainError) {
    const headers: Record<string, string> =
      err instanceof RateLimited || err instanceof Unavailable
        ? { "Retry-After": String(Math.max(1, Math.ceil(err.retryAfterSeconds))) }
        : {};
    return { status: DOMAIN_STATUS[err.kind], message: err.message, headers };
  }
  if (err instanceof HttpError) return { status: err.status, message: err.message, headers: err.headers };
  return undefined;
}

/** The one place where errors become answers. */
export function toErrorResponse(err: unknown, requestId: string): Response {
  const known = knownError(err);
  if (known) return errorResponse(known.status, known.message, known.headers);
  if (err instanceof ZodError) return errorResponse(400, firstIssue(err));
  if (isUnavailable(err)) {
    log.error("database unavailable", { requestId, error: String((err as Error).cause ?? err) });
    return errorResponse(503, "The service is briefly unavailable. Please try again in a minute.", {
      "Retry-After": "30",
    });
  }
  log.error("unhandled error", {
    requestId,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return errorResponse(500, `Something went wrong on our side (reference ${requestId}).`);
}

/**
 * True for a browser's own form post (a navigation), false for fetch and XMLHttpRequest, which
 * send Sec-Fetch-Mode "cors" or "same-origin" and Accept "*\/*". Without Fetch Metadata (an older
 * browser, a script), an Accept that asks for HTML decides.
 */
export function isNativeForm(req: Request): boolean {
  const mode = req.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (req.headers.get("accept") ?? "").toLowerCase().includes("text/html");
}
