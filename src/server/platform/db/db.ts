/**
 * The database port. One small interface, three adapters with the same SQL:
 * - pg.ts: any plain postgres:// URL (a PostgreSQL server, or the embedded PGlite that the local
 *   server exposes over the Postgres protocol);
 * - neon.ts: Neon's serverless driver (WebSocket Pool, so transactions work) for Neon URLs;
 * - pglite.ts: an in-process PGlite, used only by the one process that owns the data folder.
 * open.ts picks one from the environment.
 */

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

/** Turns a driver's connection failure into DatabaseUnavailableError (a 503 over HTTP). */
export function wrapUnavailable<T>(p: Promise<T>): Promise<T> {
  return p.catch((err: unknown) => {
    throw isUnavailable(err) ? new DatabaseUnavailableError(err) : err;
  });
}

let savepoints = 0;
/**
 * A transaction inside a transaction is a savepoint: it joins the outer one (committed or rolled
 * back with it), and when it fails, only its own work is undone, so the outer one can go on (a
 * retry after a unique violation, for example). The adapters use it for `tx.transaction`.
 */
export async function nested<T>(tx: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
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
