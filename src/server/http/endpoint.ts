/**
 * The per-request application context and the wrapper every function uses. A function file
 * looks like:
 *
 *   export default endpoint(async (req, app) => { ...; return json({ ... }) });
 *   export const config: Config = { path: "/api/..." };
 *
 * The database, storage and mail adapters are those the environment names, kept for the life of
 * the function instance (src/server/platform/instance.ts). A deployed function whose settings are
 * incomplete answers every call with a 503 and logs the missing variables once.
 */
import { randomUUID } from "node:crypto";
import type { Context } from "@netlify/functions";
import { clientKeyOf } from "../common/network-address";
import { lazyDb, lazyMailer, lazyStorage, sleep, type Deps } from "../common/deps";
import { netlifyCdn } from "../platform/cdn";
import type { Db } from "../platform/db/db";
import { ConfigurationError, env, type Env } from "../platform/env";
import {
  errorResponse,
  isNativeForm,
  json,
  knownError,
  requireMethod,
  requireSameOrigin,
  toErrorResponse,
} from "./http";
import { enforce, type Limit } from "../common/rate-limit";
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
import type { Contract } from "../../shared/api/contract";

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

/** Looks at every answer of an endpoint that declares its contracts (the API tests check them). */
export type ResponseCheck = (contracts: readonly Contract[], req: Request, res: Response) => Promise<void>;
let responseCheck: ResponseCheck | undefined;
/** Tests hand in the check of every answer against its endpoint's contract. */
export function setResponseCheck(check: ResponseCheck | undefined) {
  responseCheck = check;
}

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
interface AppInternals {
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
      now: given.now ?? (() => new Date()),
      sleep: given.sleep ?? sleep,
      env: e,
      secret,
      requestId,
      // Work done after the answer is sent (mail about the request), so the answer's timing does
      // not depend on it. Its failures are logged; the database stays open until it is done.
      after: (task) => void later.push(task),
    },
    requestId,
    clientIp,
    clientKey: clientKeyOf(secret, clientIp),
    country: context?.geo?.country?.code ?? req.headers.get("x-country") ?? undefined,
    open: { db: openDb, storage: openStorage, mail: openMail },
    async runLater() {
      for (let task = later.shift(); task; task = later.shift()) {
        await task().catch((err: unknown) =>
          app.deps.log.error("work after the answer failed", { error: String(err), requestId }),
        );
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

export type Handler = (req: Request, app: App, context?: Partial<Context>) => Promise<Response>;

/** A function file's export: called by the platform with (req, context); tests add `given`. */
export type EndpointFn = (req: Request, context?: Partial<Context>, given?: GivenPorts) => Promise<Response>;

export interface EndpointOptions {
  /** The contracts it answers (src/shared/api/): one, or one per path of its `config.path`. */
  api?: Contract | readonly Contract[];
  /** Skip the Origin check (only for endpoints that change nothing). */
  allowCrossOrigin?: boolean;
  /** The answer while the deployed settings are incomplete (default: a 503 with an error). */
  unconfigured?: () => Response;
  /**
   * The methods the endpoint takes, checked before the rate limit (so a wrong method is a 405
   * and never counts). The handler may check again.
   */
  method?: string | readonly string[];
  /**
   * The per-client-address limit (src/server/common/policies.ts), counted before the
   * handler runs: a client past it gets 429 whatever its body, which is never read.
   */
  rateLimit?: Limit;
  /** Fields every refusal carries beside its error (e.g. { success: false }, as a form reads it). */
  refusalFields?: Record<string, unknown>;
  /**
   * The page for a public form posted by the browser itself (src/server/http/form-page.ts) that is
   * refused before its handler runs (rate limit, origin): such a post gets a page, never JSON.
   */
  nativeFormError?: (req: Request, app: App, err: unknown) => Promise<Response>;
}

const wrapped = new WeakMap<object, EndpointOptions>();
/** True for a function made by endpoint() (tests check that every function file exports one). */
export const isEndpoint = (fn: unknown): boolean => typeof fn === "function" && wrapped.has(fn);
/** The contracts an endpoint declared (tests match them to its `config.path`). */
export const contractsOf = (fn: unknown): readonly Contract[] => {
  const api = typeof fn === "function" ? wrapped.get(fn)?.api : undefined;
  return api === undefined ? [] : "path" in api ? [api] : api;
};
/** The rate limit an endpoint declared, if any (tests walk every function with one). */
export const rateLimitOf = (fn: unknown): Limit | undefined =>
  typeof fn === "function" ? wrapped.get(fn)?.rateLimit : undefined;

/**
 * Wraps a handler with the context, the Origin check, the method and rate limit the endpoint
 * declares (in that order, all before the handler reads anything) and the error-to-response rules.
 */
export function endpoint(handler: Handler, opts: EndpointOptions = {}) {
  const contracts = opts.api === undefined ? [] : "path" in opts.api ? [opts.api] : opts.api;
  const answer: EndpointFn = async (req, context, given) => {
    let app: ReturnType<typeof createApp> | undefined;
    try {
      app = createApp(req, context, given);
      if (!opts.allowCrossOrigin) requireSameOrigin(req, app.deps.env.siteUrl);
      if (opts.method) requireMethod(req, ...(typeof opts.method === "string" ? [opts.method] : opts.method));
      if (opts.rateLimit) await enforce(app.deps, opts.rateLimit, app.clientKey);
      return await handler(req, app, context);
    } catch (err) {
      if (err instanceof ConfigurationError) {
        const res = configurationErrorResponse(err);
        return opts.unconfigured ? opts.unconfigured() : res;
      }
      if (opts.nativeFormError && app && isNativeForm(req) && knownError(err))
        return await opts.nativeFormError(req, app, err);
      const known = opts.refusalFields && knownError(err);
      if (known) return json({ ...opts.refusalFields, error: known.message }, known);
      return toErrorResponse(err, app?.requestId ?? randomUUID());
    } finally {
      if (app) {
        const a = app;
        const finish = a
          .runLater()
          .then(() => a.dispose())
          .catch((err: unknown) => a.deps.log.warn("dispose failed", { error: String(err) }));
        pending.add(finish);
        void finish.finally(() => pending.delete(finish));
        // The platform keeps the function alive for it; elsewhere the process does.
        if (context?.waitUntil) context.waitUntil(finish);
      }
    }
  };
  const fn: EndpointFn = async (req, context, given) => {
    const res = await answer(req, context, given);
    if (responseCheck && contracts.length > 0) await responseCheck(contracts, req, res);
    return res;
  };
  wrapped.set(fn, opts);
  return fn;
}

const pending = new Set<Promise<unknown>>();

/** Resolves once the work every answered request left for after its answer is done. */
export async function settled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
