/** Database access for on-demand pages: open, use, close, within one render. */
import { openDb, type Db } from "./db";
import { env } from "./env";

export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(env());
  try {
    return await fn(db);
  } finally {
    await db.close().catch(() => {});
  }
}
