/** The database over `pg`: any plain postgres:// URL. */
import type { Db } from "./db";
import { fromPool, type PgLikePool } from "./pool";

/**
 * The name the local server gives its embedded PGlite in the URL it serves it on. PGlite is one
 * session: its socket server multiplexes connections onto it, and a statement from one connection
 * can land inside another connection's open transaction (and vanish with its rollback). One
 * connection keeps every transaction to itself there.
 */
export const EMBEDDED_APPLICATION_NAME = "embedded-pglite";

const isEmbedded = (url: string) => {
  try {
    return new URL(url).searchParams.get("application_name") === EMBEDDED_APPLICATION_NAME;
  } catch {
    return false;
  }
};

export async function createPgDb(url: string, max = isEmbedded(url) ? 1 : 5): Promise<Db> {
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
