/**
 * `npm run db:seed`: adds the demo content (and SEED_ADMIN_* when set) to an empty database.
 * Only the embedded database unless `--allow-remote` is given: demo accounts and made-up leads
 * must never reach a real database by accident (DATABASE_URL left in a shell, say).
 */
import { loadEnv } from "../src/server/platform/env";
import { migrate } from "../src/server/platform/db/migrate";
import { seed } from "./seed/seed";
import { openCommandDb, runCommand, seedStorage } from "./lib/database";

const e = loadEnv();
if (e.deployed) {
  console.error("Refusing to seed demo content from a deployed function.");
  process.exit(1);
}
if (e.database.url && !process.argv.includes("--allow-remote")) {
  console.error(
    "Refusing to seed demo content into the database named by DATABASE_URL: only the embedded " +
      "database is seeded by default. Run `npm run db:seed -- --allow-remote` if this database " +
      "really should get the demo accounts and content.",
  );
  process.exit(1);
}
await runCommand(async () => {
  const db = await openCommandDb(e);
  try {
    await migrate(db);
    await seed(db, {
      admin: e.seedAdmin,
      dataDir: e.dataDir,
      storage: await seedStorage(e),
      firstAnswerMinutes: e.targets.firstMinutes,
    });
    console.log("Demo content is in place.");
  } finally {
    await db.close();
  }
});
