/**
 * Brings the database up for a local process: with a DATABASE_URL it migrates that database;
 * without one it opens the embedded PGlite in $DATA_DIR (this process becomes its only owner),
 * migrates and seeds it when empty, and serves it over the Postgres protocol on loopback.
 */
import { mkdir } from "node:fs/promises";
import { type Db } from "../../src/server/platform/db/db";
import { createPgliteDb } from "../../src/server/platform/db/pglite";
import { EMBEDDED_APPLICATION_NAME } from "../../src/server/platform/db/pg";
import { openDb } from "../../src/server/platform/db/open";
import type { Env } from "../../src/server/platform/env";
import { migrate } from "../../src/server/platform/db/migrate";
import { seed } from "../seed/seed";
import { LOCAL_DEMO_ADMIN, LOCAL_DEMO_STAFF } from "../seed/demo-accounts";
import { renderUnrenderedPosts } from "../../src/server/blog/rendering";
import { previewMissingBanners } from "../../src/server/blog/banner-preview";
import { openStorage } from "../../src/server/platform/storage/open";
import { lockDataDir } from "./data-lock";

export interface RunningDatabase {
  url: string | undefined;
  seedAdmin: { email: string; password: string } | undefined;
  stop(): Promise<void>;
}

export async function startDatabase(e: Env, opts: { seedIfEmpty?: boolean } = {}): Promise<RunningDatabase> {
  if (e.database.url) {
    const db = await openDb(e);
    try {
      await migrate(db);
      await renderUnrenderedPosts(db);
      await previewMissingBanners(db, await seedStorage(e));
    } finally {
      await db.close();
    }
    return { url: undefined, seedAdmin: undefined, stop: async () => {} };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  await mkdir(e.pgliteDir, { recursive: true });
  const release = lockDataDir(e.pgliteDir);
  let pg;
  try {
    pg = await PGlite.create(e.pgliteDir);
  } catch (err) {
    release();
    throw err;
  }
  const db = createPgliteDb(pg);
  await migrate(db);
  await renderUnrenderedPosts(db);
  await previewMissingBanners(db, await seedStorage(e));
  let seedAdmin: RunningDatabase["seedAdmin"];
  if (opts.seedIfEmpty !== false) {
    const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users")) as [
      { n: number },
    ];
    if (n === 0) {
      seedAdmin = e.seedAdmin ?? LOCAL_DEMO_ADMIN;
      // The demo accounts of the other roles only come with the built-in demo login.
      await seed(db, {
        admin: seedAdmin,
        staff: e.seedAdmin ? [] : LOCAL_DEMO_STAFF,
        dataDir: e.dataDir,
        storage: await seedStorage(e),
        firstAnswerMinutes: e.targets.firstMinutes,
      });
    }
  }
  const server = new PGLiteSocketServer({ db: pg, host: "127.0.0.1", port: 0, maxConnections: 100 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres?sslmode=disable&application_name=${EMBEDDED_APPLICATION_NAME}`,
    seedAdmin: seedAdmin ?? (e.seedAdmin ? undefined : LOCAL_DEMO_ADMIN),
    async stop() {
      await server.stop().catch(() => {});
      await pg.close().catch(() => {});
      release();
    },
  };
}

/**
 * The storage the demo images go to (local files or S3, as the environment says), and the banners
 * are read from for their previews. The seed and the previews only put and get objects, so the
 * signing secret of this handle is never used.
 */
export function seedStorage(e: Env) {
  return openStorage(e, e.sessionSecret ?? "seed-only-no-signed-links-are-made-here");
}

/**
 * The database a command (db:migrate, db:seed, create-admin) works on: DATABASE_URL, or the
 * embedded PGlite, which it opens only when no other process holds the folder (see data-lock.ts).
 */
export async function openCommandDb(e: Env): Promise<Db> {
  if (e.database.url) return openDb(e);
  const { PGlite } = await import("@electric-sql/pglite");
  await mkdir(e.pgliteDir, { recursive: true });
  const release = lockDataDir(e.pgliteDir);
  try {
    const db = createPgliteDb(await PGlite.create(e.pgliteDir));
    return {
      ...db,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Runs a command's body, printing a busy folder as one clear line (exit code 1). */
export async function runCommand(body: () => Promise<void>) {
  try {
    await body();
  } catch (err) {
    if ((err as Error).name !== "DataDirBusyError") throw err;
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
