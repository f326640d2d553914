/**
 * The moment a request is judged at. It is the real time, except on a local server started for
 * end-to-end tests (`TEST_CLOCK=on`, never on a deployed site: env.ts refuses it there), where a
 * request may name its own moment in the `X-Test-Clock` header (an ISO 8601 time). A test then
 * sees what a visitor at that moment would see, a scheduled post going public say, without
 * waiting for it, and without moving the clock of the other tests that share the server.
 */
import { env, type Env } from "./env";

export const TEST_CLOCK_HEADER = "x-test-clock";

/** The moment `req` names in its test-clock header, when this server honours it; else undefined. */
export function testMoment(req: Request, e: Pick<Env, "testClock"> = env()): Date | undefined {
  if (!e.testClock) return undefined;
  const named = req.headers.get(TEST_CLOCK_HEADER);
  const at = named ? Date.parse(named) : NaN;
  return Number.isNaN(at) ? undefined : new Date(at);
}

/** The clock of one request: the real one, or the moment its test-clock header names. */
export function requestClock(req: Request, e: Pick<Env, "testClock"> = env()): () => Date {
  const moment = testMoment(req, e);
  return moment ? () => new Date(moment) : () => new Date();
}
