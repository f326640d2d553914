/** Database access for on-demand pages: the function instance's pool, like the API functions. */
import type { Db } from "./db";
import { ConfigurationError } from "../env";
import { acquireDb, releaseDb, reportConfigurationError } from "../instance";

export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  let db: Promise<Db>;
  try {
    db = acquireDb();
  } catch (err) {
    // A deployed site without its settings: the log names them once, the page fails closed.
    if (err instanceof ConfigurationError) reportConfigurationError(err);
    throw err;
  }
  try {
    return await fn(await db);
  } finally {
    releaseDb();
  }
}
