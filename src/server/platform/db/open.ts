import type { Env } from "../env";
import { DatabaseUnavailableError, type Db } from "./db";
import { createNeonDb } from "./neon";
import { createPgDb } from "./pg";

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
