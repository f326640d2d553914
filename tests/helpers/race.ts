/**
 * The set-up of a race test: a database on the real PostgreSQL server the test script starts
 * (PGlite has one connection and hides races), staff sessions on it, and the suite skipped only
 * where no server is required (a quick local run).
 *
 *   const pg = raceDb();
 *   describe.skipIf(pg.skip)("...", () => { it("...", () => call(fn, ..., { cookie: pg.staff().cookies.admin })) });
 */
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../src/server/platform/db/db";
import { staffSessions, type StaffCookies } from "./dashboard-sessions";
import { postgresDb, requirePostgres, type TestDb } from "./db";

export function raceDb() {
  let t: TestDb | undefined;
  let s: StaffCookies | undefined;
  beforeAll(async () => {
    t = await postgresDb();
    if (!t && requirePostgres()) throw new Error("PG_TEST_URL is not set");
    if (t) s = await staffSessions(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  return {
    skip: !process.env.PG_TEST_URL && !requirePostgres(),
    db: (): Db => t!.db,
    staff: (): StaffCookies => s!,
  };
}
