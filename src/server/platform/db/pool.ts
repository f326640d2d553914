/** A Db over a node-postgres style pool (the pg and Neon drivers share this shape). */
import { nested, wrapUnavailable, type Db, type Row } from "./db";

export interface PgLikeClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  release(): void;
}
export interface PgLikePool {
  query(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  connect(): Promise<PgLikeClient>;
  end(): Promise<void>;
}

export function fromPool(pool: PgLikePool): Db {
  const db: Db = {
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const res = await wrapUnavailable(pool.query(sql, params));
      return res.rows as T[];
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      const client = await wrapUnavailable(pool.connect());
      const tx: Db = {
        async query<R extends Row>(sql: string, params: unknown[] = []) {
          return (await wrapUnavailable(client.query(sql, params))).rows as R[];
        },
        transaction: (inner) => nested(tx, inner),
        exec: async (sql) => void (await wrapUnavailable(client.query(sql))),
        close: async () => {},
      };
      try {
        await wrapUnavailable(client.query("BEGIN"));
        const out = await fn(tx);
        await wrapUnavailable(client.query("COMMIT"));
        return out;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => void (await wrapUnavailable(pool.query(sql))),
    close: () => pool.end(),
  };
  return db;
}
