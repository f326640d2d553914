/**
 * Real databases for tests: a migrated in-memory PGlite per call, and, when the test script has
 * started one (PG_TEST_URL), a fresh database on a real PostgreSQL server per call, copied from a
 * migrated template. No mocks of the database anywhere.
 */
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { type Db } from "../../src/server/platform/db/db";
import { createPgDb } from "../../src/server/platform/db/pg";
import { createPgliteDb } from "../../src/server/platform/db/pglite";
import { migrate } from "../../src/server/platform/db/migrate";

export interface TestDb {
  name: string;
  db: Db;
  url?: string;
  close(): Promise<void>;
}

export async function pgliteDb(): Promise<TestDb> {
  const pg = await PGlite.create();
  const db = createPgliteDb(pg);
  await migrate(db);
  return { name: "pglite", db, close: () => db.close() };
}

const TEMPLATE = "nimbus_template";
let templateReady: Promise<void> | undefined;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Makes the migrated template once per server, safely from several workers at once: each worker
 * that finds none migrates a database of its own and renames it to the template's name; the
 * first rename wins and the others drop theirs. (Two CREATE DATABASE of one name at once can fail
 * with a unique violation, and a template copied while another worker migrates it is half-made.)
 */
async function ensureTemplate(adminUrl: string) {
  const admin = await createPgDb(adminUrl, 1);
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [TEMPLATE]);
    if (exists.length > 0) return;
    const own = `${TEMPLATE}_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${own}`);
    const t = await createPgDb(withDatabase(adminUrl, own), 1);
    await migrate(t);
    await t.close();
    try {
      await admin.query(`ALTER DATABASE ${own} RENAME TO ${TEMPLATE}`);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== "42P04" && code !== "23505") throw err; // another worker's template won
      await admin.query(`DROP DATABASE IF EXISTS ${own} WITH (FORCE)`);
    }
  } finally {
    await admin.close();
  }
}

/** A new database on the PostgreSQL server, or undefined when no server was started. */
export async function postgresDb(): Promise<TestDb | undefined> {
  const adminUrl = process.env.PG_TEST_URL;
  if (!adminUrl) return undefined;
  templateReady ??= ensureTemplate(adminUrl);
  await templateReady;
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = await createPgDb(adminUrl, 1);
  // CREATE DATABASE ... TEMPLATE needs the template free of other sessions: retry briefly.
  for (let i = 0; ; i++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
      break;
    } catch (err) {
      if (i > 20 || (err as { code?: string }).code !== "55006") throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.close();
  const url = withDatabase(adminUrl, name);
  const db = await createPgDb(url);
  return {
    name: "postgres",
    db,
    url,
    async close() {
      await db.close();
      const a = await createPgDb(adminUrl, 1);
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.close();
    },
  };
}

/** The back ends every service test runs against: PGlite always, PostgreSQL when available. */
export const BACKENDS: { name: string; open: () => Promise<TestDb | undefined> }[] = [
  { name: "pglite", open: pgliteDb },
  { name: "postgres", open: postgresDb },
];

/** CI must not silently skip the real server. */
export function requirePostgres(): boolean {
  return process.env.CI === "true" || process.env.REQUIRE_PG === "1";
}

/**
 * The database an API test file runs on: PGlite, or a fresh PostgreSQL database when
 * API_DB=postgres (`npm test` runs the API suite once on each; see vitest.config.ts).
 */
export async function apiDb(): Promise<TestDb> {
  if (process.env.API_DB !== "postgres") return pgliteDb();
  const t = await postgresDb();
  if (!t) throw new Error("API_DB=postgres needs a PostgreSQL server in PG_TEST_URL.");
  return t;
}

/**
 * The same database, except that every statement matching `pattern` fails, wherever it runs: on
 * the handle, in a transaction, or in a transaction nested in one (a savepoint).
 */
export function failingOn(db: Db, pattern: RegExp, error = () => new Error("disk full")): Db {
  return {
    ...db,
    query: (sql, params) => (pattern.test(sql) ? Promise.reject(error()) : db.query(sql, params)),
    transaction: (fn) => db.transaction((tx) => fn(failingOn(tx, pattern, error))),
  };
}
