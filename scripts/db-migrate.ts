/** `npm run db:migrate`: applies db/*.sql to DATABASE_URL, or to the embedded database. */
import { loadEnv } from "../src/server/platform/env";
import { migrate } from "../src/server/platform/db/migrate";
import { openCommandDb, runCommand } from "./lib/database";

await runCommand(async () => {
  const db = await openCommandDb(loadEnv());
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  } finally {
    await db.close();
  }
});
