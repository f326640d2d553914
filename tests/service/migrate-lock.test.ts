/**
 * Two deploys or two instances starting together run the migration runner at the same time. On
 * a real PostgreSQL server each migration must be applied exactly once, and both runners must
 * finish without an error.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Db } from "../../src/server/platform/db/db";
import { createPgDb } from "../../src/server/platform/db/pg";
import { migrate } from "../../src/server/platform/db/migrate";
import { requirePostgres } from "../helpers/db";

const adminUrl = process.env.PG_TEST_URL;
const made: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `m_${randomBytes(6).toString("hex")}`;
  const admin = await createPgDb(adminUrl!, 1);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  made.push(name);
  const u = new URL(adminUrl!);
  u.pathname = `/${name}`;
  return u.toString();
}

afterAll(async () => {
  if (!adminUrl) return;
  const admin = await createPgDb(adminUrl, 1);
  for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.close();
});

describe.skipIf(!adminUrl && !requirePostgres())("migrations on PostgreSQL", () => {
  it("applies each migration once when several runners start together", async () => {
    // Migrations that are not idempotent: each one run twice would leave two rows.
    const dir = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    writeFileSync(path.join(dir, "001_log.sql"), "CREATE TABLE runs (file text NOT NULL);");
    for (const n of ["002", "003", "004"])
      writeFileSync(
        path.join(dir, `${n}_step.sql`),
        `INSERT INTO runs VALUES ('${n}'); SELECT pg_sleep(0.05);`,
      );
    const url = await emptyDatabase();
    const dbs: Db[] = await Promise.all([1, 2, 3, 4].map(() => createPgDb(url, 2)));
    try {
      const results = await Promise.allSettled(dbs.map((db) => migrate(db, dir)));
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      const applied = results.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
      expect(applied.sort()).toEqual(["001_log.sql", "002_step.sql", "003_step.sql", "004_step.sql"]);
      const rows = await dbs[0]!.query<{ file: string }>("SELECT file FROM runs ORDER BY file");
      expect(rows.map((r) => r.file)).toEqual(["002", "003", "004"]);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });

  it("applies the product's own migrations once from two runners", async () => {
    const url = await emptyDatabase();
    const [a, b] = await Promise.all([createPgDb(url, 2), createPgDb(url, 2)]);
    try {
      const [ra, rb] = await Promise.all([migrate(a!), migrate(b!)]);
      const files = [...ra, ...rb].sort();
      expect(new Set(files).size).toBe(files.length);
      const rows = await a!.query<{ version: string }>("SELECT version FROM schema_migrations ORDER BY 1");
      expect(rows.map((r) => r.version)).toEqual(files);
      expect(files.length).toBeGreaterThan(0);
    } finally {
      await a!.close();
      await b!.close();
    }
  });
});
