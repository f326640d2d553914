/** Database access for on-demand pages: the function instance's pool, like the API functions. */
import type { Db } from "./db";
import { acquireDb, releaseDb } from "./instance";

export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await fn(await acquireDb());
  } finally {
    releaseDb();
  }
}
