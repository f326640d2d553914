/**
 * The one place that turns errors into responses: 4xx with a message a person can act on (the
 * domain errors of src/server/common/errors.ts and the HTTP layer's own), 503 with Retry-After
 * when the database is away, and a plain 500 with a logged request id.
 */
import { ZodError } from "zod";
import { DomainError, RateLimited, Unavailable, type ErrorKind } from "../common/errors";
import { firstIssue } from "../common/validate";
import { isUnavailable } from "../platform/db/db";
import { log } from "../platform/log";
import { errorResponse } from "./responses";

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
