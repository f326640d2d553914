/**
 * What a use case may take from outside itself: the platform's ports and a few values of the
 * request's surroundings. It is the ONE way dependencies reach a use case.
 *
 * A use case names exactly what it uses, then (when it is audited) the actor, then its plain input:
 *
 *   export async function deleteJob(deps: Pick<Deps, "db" | "now" | "raise">, actor: Actor, id: number)
 *   export async function saveInquiry(deps: Pick<Deps, "db" | "storage" | "now">, input: ContactInput)
 *
 * It never sees a `Request`, headers, cookies or the endpoint's context: whatever it needs from
 * the request (the client's rate-limit key, a session id, a cookie's token) the function file
 * reads with the helpers of src/server/http/ and passes in as a plain value.
 *
 * Who builds it:
 * - a function file gets it from `endpoint()` as `app.deps` (src/server/http/endpoint.ts): the
 *   environment's adapters, opened on first use and shared for the function instance;
 * - a script or a test builds one with `makeDeps()` from its own PGlite or PostgreSQL, a temp
 *   folder, an outbox and a fixed clock.
 */
import { noCdn, type Cdn } from "../platform/cdn";
import type { Db } from "../platform/db/db";
import type { Env } from "../platform/env";
import { log, type Log } from "../platform/log";
import type { Mailer } from "../platform/mail/mail";
import type { Storage } from "../platform/storage/storage";

export interface Deps {
  db: Db;
  storage: Storage;
  mail: Mailer;
  /** The CDN's cache of on-demand pages, purged by tag after an edit (platform/cdn.ts). */
  cdn: Cdn;
  /** Structured log lines (platform/log.ts); tests may keep them to read. */
  log: Log;
  /** The clock; tests fix it. */
  now(): Date;
  /** Waits (the growing answer delay after wrong passwords); tests skip or record the waits. */
  sleep(ms: number): Promise<void>;
  /** The validated settings (src/server/platform/env.ts). */
  env: Env;
  /** The key that signs sessions, links and hashes of personal data. */
  secret: string;
  /** Names this request in log lines. */
  requestId: string;
  /**
   * Work done after the answer is sent (mail about the request), so the answer's timing does
   * not depend on it. Its failures are logged.
   */
  after(task: () => Promise<unknown>): void;
  /**
   * Asks for work that a change calls for, carried out once per request after the answer by the
   * endpoint wrapper: a CDN purge (the tags of every purge raised, in one call), or a task named
   * by its key (sending the request's webhooks). Scripts and tests keep what was raised.
   */
  raise(effect: Effect): void;
}

/** What a change raises (Deps.raise). */
export type Effect = { purge: readonly string[] } | { key: string; run(deps: Deps): Promise<unknown> };

/** The real wait: a timer. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A port that opens its adapter on first use: a use case receives plain values, while a
 * request that never touches storage or mail never loads their SDKs.
 */
export function lazyDb(open: () => Promise<Db>): Db {
  return {
    query: async (sql, params) => (await open()).query(sql, params),
    transaction: async (fn) => (await open()).transaction(fn),
    exec: async (sql) => (await open()).exec(sql),
    close: async () => (await open()).close(),
  };
}

export function lazyStorage(open: () => Promise<Storage>): Storage {
  return {
    put: async (key, body, type) => (await open()).put(key, body, type),
    get: async (key) => (await open()).get(key),
    readStart: async (key, bytes) => (await open()).readStart(key, bytes),
    head: async (key) => (await open()).head(key),
    signedUploadUrl: async (key, opts) => (await open()).signedUploadUrl(key, opts),
    delete: async (key) => (await open()).delete(key),
    signedUrl: async (key, opts) => (await open()).signedUrl(key, opts),
    openSignedLink: async (link, nowMs) => {
      const storage = await open();
      return storage.openSignedLink ? storage.openSignedLink(link, nowMs) : "invalid";
    },
  };
}

export function lazyMailer(open: () => Promise<Mailer>): Mailer {
  return { send: async (msg) => (await open()).send(msg) };
}

/**
 * Deps for scripts and tests. What is not given fails loudly when used, so a test states every
 * back end its use case touches (but the CDN: none unless given, as locally); `after` tasks start at once and
 * `settle()` waits for them (and throws the first failure).
 */
export function makeDeps(
  given: Partial<Omit<Deps, "after" | "raise">> & { env: Env; secret: string },
): Deps & { settle(): Promise<void>; raised: Effect[] } {
  const missing = (name: string) => () => Promise.reject(new Error(`These deps have no ${name}.`));
  const pending: Promise<unknown>[] = [];
  return {
    db: given.db ?? lazyDb(missing("database")),
    storage: given.storage ?? lazyStorage(missing("storage")),
    mail: given.mail ?? lazyMailer(missing("mailer")),
    cdn: given.cdn ?? noCdn,
    log: given.log ?? log,
    now: given.now ?? (() => new Date()),
    sleep: given.sleep ?? sleep,
    env: given.env,
    secret: given.secret,
    requestId: given.requestId ?? "script",
    after(task) {
      const done = task();
      done.catch(() => {}); // reported by settle()
      pending.push(done);
    },
    raised: [],
    raise(effect) {
      this.raised.push(effect);
    },
    async settle() {
      while (pending.length) await pending.shift();
    },
  };
}
