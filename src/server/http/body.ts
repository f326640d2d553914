/**
 * Request bodies: read with a byte limit as they arrive, and parsed with one set of field names
 * for JSON, form-encoded and multipart bodies.
 */
import { MAX_FILES_LABEL, MAX_REQUEST_BYTES } from "../../shared/common/upload-limits";
import { badRequest, HttpError } from "./errors";

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
