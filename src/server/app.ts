/**
 * The per-request application context and the wrapper every function uses. A function file
 * looks like:
 *
 *   export default endpoint(async (req, app) => { ...; return json({ ... }) });
 *   export const config: Config = { path: "/api/..." };
 *
 * The database is opened on first use and closed when the request ends (as Neon asks of
 * serverless functions); storage and mail are the adapters the environment names.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Context } from "@netlify/functions";
import { openDb, type Db } from "./db";
import { env, type Env } from "./env";
import { requireSameOrigin, toErrorResponse } from "./http";
import { log } from "./log";
import { openMailer, type Mailer } from "./mail";
import { openStorage, type Storage } from "./storage";

export interface App {
  env: Env;
  requestId: string;
  /** The caller's address as seen by the platform (for rate limits; never stored raw). */
  clientIp: string;
  /** A salted hash of the client address, for rate-limit keys. */
  clientKey: string;
  /** Two-letter country code from the platform's geolocation, when known. */
  country: string | undefined;
  secret: string;
  now(): Date;
  db(): Promise<Db>;
  storage(): Promise<Storage>;
  mail(): Promise<Mailer>;
}

export interface ServiceOverrides {
  db?: () => Promise<Db> | Db;
  storage?: () => Promise<Storage> | Storage;
  mail?: () => Promise<Mailer> | Mailer;
  now?: () => Date;
}

let overrides: ServiceOverrides = {};
/** Tests hand in their own back ends (a PGlite, a failing storage...). */
export function setServiceOverrides(o: ServiceOverrides) {
  overrides = o;
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

export function createApp(req: Request, context?: Partial<Context>): App & { dispose(): Promise<void> } {
  const e = env();
  const secret = sessionSecret(e);
  let db: Promise<Db> | undefined;
  let ownDb = false;
  let storage: Promise<Storage> | undefined;
  let mail: Promise<Mailer> | undefined;
  const clientIp = clientIpOf(req, context);
  return {
    env: e,
    requestId: randomUUID(),
    clientIp,
    clientKey: createHash("sha256").update(`${secret}:${clientIp}`).digest("base64url").slice(0, 22),
    country: context?.geo?.country?.code ?? req.headers.get("x-country") ?? undefined,
    secret,
    now: overrides.now ?? (() => new Date()),
    db() {
      if (!db) {
        if (overrides.db) db = Promise.resolve(overrides.db());
        else {
          ownDb = true;
          db = openDb(e);
        }
      }
      return db;
    },
    storage() {
      storage ??= Promise.resolve(overrides.storage ? overrides.storage() : openStorage(e, secret));
      return storage;
    },
    mail() {
      mail ??= Promise.resolve(overrides.mail ? overrides.mail() : openMailer(e));
      return mail;
    },
    async dispose() {
      if (db && ownDb) await (await db.catch(() => undefined))?.close().catch(() => {});
    },
  };
}

export type Handler = (req: Request, app: App, context?: Partial<Context>) => Promise<Response>;

export interface EndpointOptions {
  /** Skip the Origin check (only for endpoints that change nothing). */
  allowCrossOrigin?: boolean;
}

const wrapped = new WeakSet<object>();
/** True for a function made by endpoint() (tests check that every function file exports one). */
export const isEndpoint = (fn: unknown): boolean => typeof fn === "function" && wrapped.has(fn);

/** Wraps a handler with the context, the Origin check and the error-to-response rules. */
export function endpoint(handler: Handler, opts: EndpointOptions = {}) {
  const fn = async (req: Request, context?: Partial<Context>): Promise<Response> => {
    let app: ReturnType<typeof createApp> | undefined;
    try {
      app = createApp(req, context);
      if (!opts.allowCrossOrigin) requireSameOrigin(req, app.env.siteUrl);
      return await handler(req, app, context);
    } catch (err) {
      return toErrorResponse(err, app?.requestId ?? randomUUID());
    } finally {
      if (app)
        await app.dispose().catch((err: unknown) => log.warn("dispose failed", { error: String(err) }));
    }
  };
  wrapped.add(fn);
  return fn;
}
