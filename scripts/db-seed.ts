/** `npm run db:seed`: adds the demo content (and SEED_ADMIN_* when set) to an empty database. */
import { loadEnv } from "../src/server/env";
import { migrate } from "../src/server/migrate";
import { seed } from "../src/server/seed";
import { openCommandDb, runCommand, seedStorage } from "./lib/database";

const e = loadEnv();
if (e.production) {
  console.error("Refusing to seed demo content into production.");
  process.exit(1);
}
await runCommand(async () => {
  const db = await openCommandDb(e);
  try {
    await migrate(db);
    await seed(db, { admin: e.seedAdmin, dataDir: e.dataDir, storage: await seedStorage(e) });
    console.log("Demo content is in place.");
  } finally {
    await db.close();
  }
});
