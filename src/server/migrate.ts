/** Applies the numbered SQL files of db/ that this database has not seen, each in a transaction. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "./db";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "db");

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const done = new Set(
    (await db.query<{ version: string }>("SELECT version FROM schema_migrations")).map((r) => r.version),
  );
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(dir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
    });
    applied.push(file);
  }
  return applied;
}
