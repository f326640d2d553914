/** The database in-process: PGlite, only in the one process that owns the data folder. */
import type { PGlite } from "@electric-sql/pglite";
import { nested, type Db, type Row } from "./db";

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
