/**
 * How a test hands its back ends (a PGlite, an outbox, a clock, a storage that fails...) to the
 * functions it calls: each call gets them as its third argument (GivenPorts in
 * src/server/http/endpoint.ts); nothing global is set, so no test can leak its back ends into
 * another's.
 *
 *   let ports: GivenPorts = {};
 *   const login = withPorts(loginFn, () => ports); // read at each call: a test may swap one
 *   beforeAll(async () => { ports = { db: (await apiDb()).db, sleep: noWait }; });
 *
 * For functions loaded by path, pass the same reader to loadFunctions (scripts/lib/functions.ts).
 */
import type { Context } from "@netlify/functions";
import type { EndpointFn } from "../../src/server/http/endpoint";
import type { GivenPorts } from "../../src/server/http/app";
import type { MailMessage } from "../../src/server/platform/mail/mail";

export type { GivenPorts };

/** A function as the platform calls it (request and context), on the test's back ends. */
export type BoundFunction = (req: Request, ctx?: Partial<Context>) => Promise<Response>;

export function withPorts(fn: EndpointFn, ports: () => GivenPorts): BoundFunction {
  return (req, ctx) => fn(req, ctx, ports());
}

/** The sign-in delay skipped: wrong passwords are answered at once. */
export const noWait = async (): Promise<void> => {};

/** A mailer that keeps what it is given in `outbox`. */
export const outboxMailer = (outbox: MailMessage[]) => ({
  send: async (m: MailMessage) => void outbox.push(m),
});
