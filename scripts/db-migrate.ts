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
    const { made, missing } = await previewMissingBanners(db, await seedStorage(env));
    if (made) console.log(`Made the banner preview of ${made} post${made === 1 ? "" : "s"}.`);
    if (missing)
      console.log(
        `${missing} post banner${missing === 1 ? " was" : "s were"} not found in ${env.storage.kind === "s3" ? "the S3 bucket" : "the local uploads folder"}: ` +
          "their previews are made when this command runs with the site's storage settings (S3_BUCKET and the rest, .env.example).",
      );
  } finally {
    await db.close();
  }
});
