/**
 * The adapters of one function instance. A deployed function instance serves many requests
 * one after another (AWS Lambda keeps it warm between them), so the database pool, the S3
 * client and the SES client are built once per instance, not once per request.
 *
 * The database pool is kept while requests keep coming. Between requests Lambda freezes the
 * instance and the pool's idle timers stop with it, so a connection idle for longer than
 * POOL_IDLE_MS may already be closed by the server (Neon suspends idle computes). A pool that
 * has been idle that long is retired and a new one opened on the next request: warm bursts reuse
 * connections, and no request meets a connection that died while the instance slept.
 */
import { type Db } from "./db/db";
import { openDb } from "./db/open";
import { env, type ConfigurationError, type Env } from "./env";
import { log } from "./log";
import { type Mailer } from "./mail/mail";
import { openMailer } from "./mail/open";
import { type Storage } from "./storage/storage";
import { openStorage } from "./storage/open";

export const POOL_IDLE_MS = 10_000;

interface Instance {
  env: Env;
  db?: Promise<Db>;
  dbUsers: number;
  dbIdleSince: number;
  storage?: Promise<Storage>;
  mail?: Promise<Mailer>;
}

let current: Instance | undefined;
/** How many database pools this instance has opened (for tests and /api/health). */
let poolsOpened = 0;

function instance(): Instance {
  const e = env();
  if (!current || current.env !== e) {
    // The environment changed (tests reset it): the old adapters belong to another setup.
    retire(current);
    current = { env: e, dbUsers: 0, dbIdleSince: Date.now() };
  }
  return current;
}

function retire(old: Instance | undefined) {
  const db = old?.db;
  if (db) void db.then((d) => d.close()).catch(() => {});
}

/**
 * The instance's database; pair every call with releaseDb() when the request ends. `now` is
 * only for tests of the idle rule.
 */
export function acquireDb(now = Date.now()): Promise<Db> {
  const inst = instance();
  if (inst.db && inst.dbUsers === 0 && now - inst.dbIdleSince > POOL_IDLE_MS) {
    retire({ ...inst });
    inst.db = undefined;
  }
  if (!inst.db) {
    poolsOpened++;
    const opened = openDb(inst.env);
    // A pool that could not be opened is not kept: the next request tries again.
    opened.catch(() => {
      if (inst.db === opened) inst.db = undefined;
    });
    inst.db = opened;
  }
  inst.dbUsers++;
  return inst.db;
}

export function releaseDb(now = Date.now()) {
  const inst = current;
  if (!inst || inst.dbUsers === 0) return;
  inst.dbUsers--;
  if (inst.dbUsers === 0) inst.dbIdleSince = now;
}

export function instanceStorage(secret: string): Promise<Storage> {
  const inst = instance();
  inst.storage ??= openStorage(inst.env, secret);
  return inst.storage;
}

export function instanceMailer(): Promise<Mailer> {
  const inst = instance();
  inst.mail ??= openMailer(inst.env);
  return inst.mail;
}

let configurationLogged = false;
/** Logs a deployed function's missing settings once per instance (API calls and pages alike). */
export function reportConfigurationError(err: ConfigurationError) {
  if (configurationLogged) return;
  configurationLogged = true;
  log.error(err.message, { variables: err.variables });
}

export function instanceStats() {
  return { poolsOpened };
}
