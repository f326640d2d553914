/**
 * The database port. One small interface, three adapters with the same SQL:
 * - pg: any plain postgres:// URL (a PostgreSQL server, or the embedded PGlite that the local
 *   server exposes over the Postgres protocol);
 * - neon: Neon's serverless driver (WebSocket Pool, so transactions work) for Neon URLs;
 * - pglite: an in-process PGlite, used only by the one process that owns the data folder.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { Env } from "../env";

export type Row = Record<string, unknown>;

export interface Db {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back if fn throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Raised when the database cannot be reached; the response helper turns it into a 503. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super("Database unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08006",
]);

export function isUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|WebSocket/i.test(
    e.message ?? "",
  );
}

function wrap<T>(p: Promise<T>): Promise<T> {
  return p.catch((err: unknown) => {
    throw isUnavailable(err) ? new DatabaseUnavailableError(err) : err;
  });
}

let savepoints = 0;
/**
 * A transaction inside a transaction is a savepoint: it joins the outer one (committed or rolled
 * back with it), and when it fails, only its own work is undone, so the outer one can go on (a
 * retry after a unique violation, for example).
 */
async function nested<T>(tx: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const name = `nested_${++savepoints}`;
  await tx.query(`SAVEPOINT ${name}`);
  try {
    const out = await fn(tx);
    await tx.query(`RELEASE SAVEPOINT ${name}`);
    return out;
  } catch (err) {
    await tx.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
    throw err;
  }
}

interface PgLikeClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  release(): void;
}
interface PgLikePool {
  query(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  connect(): Promise<PgLikeClient>;
  end(): Promise<void>;
}

function fromPool(pool: PgLikePool): Db {
  const db: Db = {
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const res = await wrap(pool.query(sql, params));
      return res.rows as T[];
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      const client = await wrap(pool.connect());
      const tx: Db = {
        async query<R extends Row>(sql: string, params: unknown[] = []) {
          return (await wrap(client.query(sql, params))).rows as R[];
        },
        transaction: (inner) => nested(tx, inner),
        exec: async (sql) => void (await wrap(client.query(sql))),
        close: async () => {},
      };
      try {
        await wrap(client.query("BEGIN"));
        const out = await fn(tx);
        await wrap(client.query("COMMIT"));
        return out;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => void (await wrap(pool.query(sql))),
    close: () => pool.end(),
  };
  return db;
}

export async function createPgDb(url: string, max = 5): Promise<Db> {
  const { default: pg } = await import("pg");
  // DATE columns come back as 'YYYY-MM-DD' strings, not Dates shifted by the time zone.
  pg.types.setTypeParser(1082, (v: string) => v);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 10_000,
    // An idle pool does not keep a script or test process alive.
    allowExitOnIdle: true,
  });
  pool.on("error", () => {}); // an idle client's error must not crash the process
  return fromPool(pool as unknown as PgLikePool);
}

export async function createNeonDb(url: string, wsProxy?: string): Promise<Db> {
  const neon = await import("@neondatabase/serverless");
  // Node 22 has a global WebSocket; no extra package is needed.
  neon.neonConfig.webSocketConstructor = globalThis.WebSocket as never;
  if (wsProxy) {
    // A local WebSocket-to-TCP bridge in front of a plain PostgreSQL (tests only).
    neon.neonConfig.wsProxy = () => wsProxy;
    neon.neonConfig.useSecureWebSocket = false;
    neon.neonConfig.pipelineConnect = false;
    neon.neonConfig.pipelineTLS = false;
  }
  neon.types.setTypeParser(1082, (v: string) => v);
  const pool = new neon.Pool({
    connectionString: url,
    max: 5,
    connectionTimeoutMillis: 8000,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
  pool.on("error", () => {});
  return fromPool(pool as unknown as PgLikePool);
}

export function createPgliteDb(pg: PGlite): Db {
  const db: Db = {
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const res = await pg.query<T>(sql, params);
      return res.rows;
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      return pg.transaction(async (t) => {
        const tx: Db = {
          async query<R extends Row>(sql: string, params: unknown[] = []) {
            return (await t.query<R>(sql, params)).rows;
          },
          transaction: (inner) => nested(tx, inner),
          exec: async (sql) => void (await t.exec(sql)),
          close: async () => {},
        };
        return fn(tx);
      }) as Promise<T>;
    },
    exec: async (sql) => void (await pg.exec(sql)),
    close: () => pg.close(),
  };
  return db;
}

/**
 * Opens the database the environment names (a pool). Functions keep it for the life of their
 * instance (src/server/platform/instance.ts); scripts open and close their own.
 */
export async function openDb(e: Env): Promise<Db> {
  const { url, driver, neonWsProxy } = e.database;
  if (!url) {
    throw new DatabaseUnavailableError(new Error("DATABASE_URL is not set; start the site with `npm start`"));
  }
  return driver === "neon" ? createNeonDb(url, neonWsProxy) : createPgDb(url);
}
