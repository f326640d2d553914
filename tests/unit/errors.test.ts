/**
 * Use cases throw domain errors (src/server/common/errors.ts); toErrorResponse is the one place
 * that turns each into an HTTP answer: its status, the message as `{ error }`, and Retry-After
 * for a rate limit.
 */
import { describe, expect, it } from "vitest";
import {
  Conflict,
  DomainError,
  Forbidden,
  Gone,
  Invalid,
  NotFound,
  RateLimited,
  TooLarge,
  Unauthorized,
  Unprocessable,
  UpstreamFailed,
} from "../../src/server/common/errors";
import { toErrorResponse } from "../../src/server/http/errors";

const CASES: [DomainError, number][] = [
  [new Invalid("The e-mail address is not valid."), 400],
  [new Unauthorized("Please sign in to continue."), 401],
  [new Forbidden("Your role can view this but not change it."), 403],
  [new NotFound("This post no longer exists."), 404],
  [new Gone("This resume was erased at the person's request."), 410],
  [new Conflict("This e-mail address is already in use."), 409],
  [new Unprocessable("More than 5000 inquiries match. Choose a shorter date range to export them."), 422],
  [new TooLarge("The upload is too large."), 413],
  [new RateLimited("Too many requests. Please wait a little and try again.", 42), 429],
  [new UpstreamFailed("The mail could not be sent. Please try again later."), 502],
];

describe("domain errors become answers in one place", () => {
  it.each(CASES)("%s -> %i with its message", async (err, status) => {
    const res = toErrorResponse(err, "rid");
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: err.message });
    expect(res.headers.get("retry-after")).toBe(err instanceof RateLimited ? "42" : null);
  });

  it("names each error by its class", () => {
    expect(new NotFound("x").name).toBe("NotFound");
    expect(new RateLimited("x", 1)).toBeInstanceOf(DomainError);
  });

  it("never answers less than one second to wait", () => {
    expect(toErrorResponse(new RateLimited("slow down", 0.2), "rid").headers.get("retry-after")).toBe("1");
  });
});
