/**
 * Applies the numbered SQL files of db/ that this database has not seen, each in a transaction.
 *
 * Several runners may start together (two deploys, two instances, `db:migrate` beside a server):
 * every step takes a transaction-scoped advisory lock first, and looks at schema_migrations only
 * once it holds it, so each migration is applied exactly once and the others wait, then skip it.
 * A transaction lock (not a session lock) also holds through Neon's transaction pooler.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "./db";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "db");

/** The advisory lock key of the migration runner (any constant bigint). */
export const MIGRATION_LOCK_KEY = 7_146_532_091_544_102;

async function lock(tx: Db) {
  await tx.query("SELECT pg_advisory_xact_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
}

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
  });
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), "utf8");
    const done = await db.transaction(async (tx) => {
      await lock(tx);
      const seen = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [file]);
      if (seen.length) return false;
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
