/**
 * The per-request application context: the ports a function's use cases take (src/server/common/
 * deps.ts), opened on first use and kept for the life of the function instance
 * (src/server/platform/instance.ts), the facts of the request that only HTTP knows, and the work
 * a request leaves for after its answer. A deployed function whose settings are incomplete answers
 * every call with a 503 and logs the missing variables once.
 */
import { randomUUID } from "node:crypto";
import type { Context } from "@netlify/functions";
import { clientKeyOf } from "../common/network-address";
import { lazyDb, lazyMailer, lazyStorage, sleep, type Deps } from "../common/deps";
import { netlifyCdn } from "../platform/cdn";
import { requestClock } from "../platform/clock";
import type { Db } from "../platform/db/db";
import { env, type ConfigurationError, type Env } from "../platform/env";
import { errorResponse } from "./responses";
import {
  acquireDb,
  instanceMailer,
  instanceStorage,
  releaseDb,
  reportConfigurationError,
} from "../platform/instance";
import { log } from "../platform/log";
import type { Mailer } from "../platform/mail/mail";
import type { Storage } from "../platform/storage/storage";

/**
 * What a function file gets besides the request: the ports and values its use cases take
 * (`deps`), and the facts of this request that only HTTP knows.
 */
export interface App {
  /** What use cases receive (src/server/common/deps.ts); the ports open on first use. */
  deps: Deps;
  /** Names this request in log lines (also `deps.requestId`). */
  requestId: string;
  /** The caller's address as seen by the platform (for rate limits; never stored raw). */
  clientIp: string;
  /** A salted hash of the client's network (an IPv6 client's /64), for rate-limit keys. */
  clientKey: string;
  /** Two-letter country code from the platform's geolocation, when known. */
  country: string | undefined;
}

/**
 * Back ends that a caller other than the platform hands to one call (a test's database, outbox,
 * clock, a storage that fails...): `fn(req, context, given)`, `createApp(req, context, given)`.
 * What is not given is the environment's. Netlify calls a function with two arguments only.
 */
export type GivenPorts = Partial<Pick<Deps, "db" | "storage" | "mail" | "cdn" | "log" | "now" | "sleep">>;

export function sessionSecret(e: Env): string {
  if (e.sessionSecret) return e.sessionSecret;
  throw new Error("SESSION_SECRET is not set (the local server sets one in $DATA_DIR)");
}

function clientIpOf(req: Request, context?: Partial<Context>): string {
  return (
    context?.ip ||
    req.headers.get("x-nf-client-connection-ip") ||
    req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ||
    "127.0.0.1"
  );
}

/** What the endpoint wrapper (and tests of the instance's adapters) use beyond App. */
export interface AppInternals {
  /** The adapters themselves, opened (shared by the function instance; see platform/instance.ts). */
  open: { db(): Promise<Db>; storage(): Promise<Storage>; mail(): Promise<Mailer> };
  runLater(): Promise<void>;
  dispose(): Promise<void>;
}

export function createApp(
  req: Request,
  context?: Partial<Context>,
  given: GivenPorts = {},
): App & AppInternals {
  const e = env();
  const secret = sessionSecret(e);
  let db: Promise<Db> | undefined;
  let sharedDb = false;
  let storage: Promise<Storage> | undefined;
  let mail: Promise<Mailer> | undefined;
  const later: (() => Promise<unknown>)[] = [];
  const purges = new Set<string>();
  const tasks = new Map<string, (deps: Deps) => Promise<unknown>>();
  const clientIp = clientIpOf(req, context);
  const requestId = randomUUID();
  const openDb = () => {
    if (!db) {
      if (given.db) db = Promise.resolve(given.db);
      else {
        sharedDb = true;
        db = acquireDb();
      }
    }
    return db;
  };
  const openStorage = () => (storage ??= Promise.resolve(given.storage ?? instanceStorage(secret)));
  const openMail = () => (mail ??= Promise.resolve(given.mail ?? instanceMailer()));
  const app: App & AppInternals = {
    deps: {
      db: lazyDb(openDb),
      storage: lazyStorage(openStorage),
      mail: lazyMailer(openMail),
      cdn: given.cdn ?? netlifyCdn(e),
      log: given.log ?? log,
      now: given.now ?? requestClock(req, e),
      sleep: given.sleep ?? sleep,
      env: e,
      secret,
      requestId,
      // Work done after the answer is sent (mail about the request), so the answer's timing does
      // not depend on it. Its failures are logged; the database stays open until it is done.
      after: (task) => void later.push(task),
      raise(effect) {
        if ("purge" in effect) for (const tag of effect.purge) purges.add(tag);
        else if (!tasks.has(effect.key)) tasks.set(effect.key, effect.run);
      },
    },
    requestId,
    clientIp,
    clientKey: clientKeyOf(secret, clientIp),
    country: context?.geo?.country?.code ?? req.headers.get("x-country") ?? undefined,
    open: { db: openDb, storage: openStorage, mail: openMail },
    async runLater() {
      const failed = (err: unknown) =>
        app.deps.log.error("work after the answer failed", { error: String(err), requestId });
      for (let task = later.shift(); task; task = later.shift()) await task().catch(failed);
      if (purges.size > 0) {
        const tags = [...purges];
        purges.clear();
        await app.deps.cdn.purge(tags).catch(failed);
      }
      for (const [key, run] of tasks) {
        tasks.delete(key);
        await run(app.deps).catch(failed);
      }
    },
    async dispose() {
      // The pool stays open for the next request of this instance.
      if (db && sharedDb) releaseDb();
    },
  };
  return app;
}

/**
 * The answer of every call while the deployed settings are incomplete. The log names every
 * missing variable, once per function instance; callers learn only that the service is down.
 */
export function configurationErrorResponse(err: ConfigurationError): Response {
  reportConfigurationError(err);
  return errorResponse(503, "The service is not available right now. Please try again later.", {
    "Retry-After": "300",
  });
}
