/** `npm run db:migrate`: applies db/*.sql to DATABASE_URL, or to the embedded database. */
import { createPgliteDb, openDb } from "../src/server/db";
import { loadEnv } from "../src/server/env";
import { migrate } from "../src/server/migrate";

const e = loadEnv();
let db;
if (e.database.url) db = await openDb(e);
else {
  const { PGlite } = await import("@electric-sql/pglite");
  db = createPgliteDb(await PGlite.create(e.pgliteDir));
}
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await db.close();
}
