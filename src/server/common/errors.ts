/**
 * The errors a use case throws when it refuses something. They say what went wrong in words a
 * person can act on, and nothing about HTTP: `toErrorResponse` in src/server/http/errors.ts is the
 * one place that turns each kind into a status code and a JSON `{ error }` answer.
 *
 *   throw new NotFound("This post no longer exists.");
 *   throw new RateLimited("Too many requests. Please wait a little and try again.", 60);
 */
export type ErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "gone"
  | "conflict"
  | "unprocessable"
  | "rate-limited"
  | "too-large"
  | "unsupported-media"
  | "upstream-failed"
  | "unavailable";

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule (a field, a date, a code that does not match): the caller can fix it. */
export class Invalid extends DomainError {
  readonly kind = "invalid" as const;
}

/** No one is signed in, or the sign-in has ended. */
export class Unauthorized extends DomainError {
  readonly kind = "unauthorized" as const;
}

/** Signed in, but this role may not do this; or the request may not come from where it came. */
export class Forbidden extends DomainError {
  readonly kind = "forbidden" as const;
}

/** The thing asked for does not exist (any more). */
export class NotFound extends DomainError {
  readonly kind = "not-found" as const;
}

/** The thing asked for was there and was deleted on purpose (erased, expired): the message says why. */
export class Gone extends DomainError {
  readonly kind = "gone" as const;
}

/** The request clashes with the current state (a duplicate, the last root admin, already sent). */
export class Conflict extends DomainError {
  readonly kind = "conflict" as const;
}

/** The request is well-formed but asks for more than can be done at once (e.g. too many rows). */
export class Unprocessable extends DomainError {
  readonly kind = "unprocessable" as const;
}

/** Too many requests; the caller may try again after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  readonly kind = "rate-limited" as const;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The input is larger than the site accepts. */
export class TooLarge extends DomainError {
  readonly kind = "too-large" as const;
}

/** A file of a kind this upload never takes (an SVG where only pictures in pixels are taken). */
export class UnsupportedMedia extends DomainError {
  readonly kind = "unsupported-media" as const;
}

/** A service the site relies on (mail, storage) failed to do its part; trying again may work. */
export class UpstreamFailed extends DomainError {
  readonly kind = "upstream-failed" as const;
}

/** The site cannot do it right now (its database is away); the caller may try again after a wait. */
export class Unavailable extends DomainError {
  readonly kind = "unavailable" as const;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
