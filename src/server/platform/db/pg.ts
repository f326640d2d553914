/** The database over `pg`: any plain postgres:// URL. */
import type { Db } from "./db";
import { fromPool, type PgLikePool } from "./pool";

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
