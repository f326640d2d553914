/** The database over Neon's serverless driver (a WebSocket Pool, so transactions work). */
import type { Db } from "./db";
import { fromPool, type PgLikePool } from "./pool";

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
