/** `npm run db:migrate`: applies db/*.sql to DATABASE_URL, or to the embedded database. */
import { loadEnv } from "../src/server/platform/env";
import { migrate } from "../src/server/platform/db/migrate";
import { renderUnrenderedPosts } from "../src/server/blog/rendering";
import { previewMissingBanners } from "../src/server/blog/banner-preview";
import { openCommandDb, runCommand, seedStorage } from "./lib/database";

await runCommand(async () => {
  const env = loadEnv();
  const db = await openCommandDb(env);
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
    // Posts saved before their rendering was stored (db/013_post_rendering.sql) are rendered now.
    const rendered = await renderUnrenderedPosts(db);
    if (rendered) console.log(`Rendered ${rendered} post${rendered === 1 ? "" : "s"}.`);
    // Banners saved before their preview was stored (db/022_post_banner_preview.sql).
    const previewed = await previewMissingBanners(db, await seedStorage(env));
    if (previewed) console.log(`Made the banner preview of ${previewed} post${previewed === 1 ? "" : "s"}.`);
  } finally {
    await db.close();
  }
});
