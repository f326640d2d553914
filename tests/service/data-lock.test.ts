/**
 * One process at a time in the embedded database's folder: while the local server (or any
 * command) holds it, db:migrate, db:seed and create-admin stop with a clear message and change
 * nothing, and the server refuses a folder another process holds; a lock left by a process that
 * is gone is taken over.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../../scripts/lib/data-lock";
import { startDatabase, type RunningDatabase } from "../../scripts/lib/database";
import { loadEnv } from "../../src/server/platform/env";

const root = process.cwd();
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const children: ReturnType<typeof spawn>[] = [];

afterAll(() => {
  for (const c of children) c.kill();
});

function envFor(dataDir: string) {
  const vars: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "a-long-admin-password-42",
  };
  delete vars.DATABASE_URL;
  return vars;
}

function runScript(script: string, dataDir: string, args: string[] = []) {
  const r = spawnSync(tsx, [path.join(root, "scripts", script), ...args], {
    cwd: root,
    env: envFor(dataDir),
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A process that is alive for the whole test, standing in for "another owner". */
function liveOtherProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 600000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has already ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(r.stdout.trim());
}

const COMMANDS: [string, string[]][] = [
  ["db-migrate.ts", []],
  ["db-seed.ts", []],
  ["create-admin.ts", ["--email", "owner@example.com"]],
];

describe("the embedded database folder has one owner", () => {
  it("db:migrate, db:seed and create-admin refuse while the local server holds the folder", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lock-held-"));
    const e = loadEnv({ ...envFor(dataDir), SESSION_SECRET: "x".repeat(64) });
    const db: RunningDatabase = await startDatabase(e, { seedIfEmpty: false });
    try {
      const lock = path.join(e.pgliteDir, LOCK_FILE);
      expect(readFileSync(lock, "utf8").split("\n")[0]).toBe(String(process.pid));
      for (const [script, args] of COMMANDS) {
        const r = runScript(script, dataDir, args);
        expect(r.status, `${script}: ${r.out}`).toBe(1);
        expect(r.out, script).toContain("is in use by another process");
        expect(r.out, script).toContain(`pid ${process.pid}`);
      }
    } finally {
      await db.stop();
    }
    expect(existsSync(path.join(e.pgliteDir, LOCK_FILE))).toBe(false);
  }, 180_000);

  it("the server refuses a folder that another live process holds", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lock-other-"));
    const e = loadEnv({ ...envFor(dataDir), SESSION_SECRET: "x".repeat(64) });
    const pid = liveOtherProcess();
    const first = await startDatabase(e, { seedIfEmpty: false });
    await first.stop();
    writeFileSync(path.join(e.pgliteDir, LOCK_FILE), `${pid}\ntsx db-seed.ts\n`);
    await expect(startDatabase(e, { seedIfEmpty: false })).rejects.toThrow(
      new RegExp(`in use by another process \\(pid ${pid}: tsx db-seed.ts\\)`),
    );
  }, 120_000);

  it("a lock left by a process that is gone is taken over, and let go after the command", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lock-stale-"));
    const lock = path.join(dataDir, "pglite", LOCK_FILE);
    let r = runScript("db-migrate.ts", dataDir);
    expect(r.status, r.out).toBe(0);
    writeFileSync(lock, `${deadPid()}\ntsx db-migrate.ts\n`);
    r = runScript("create-admin.ts", dataDir, ["--email", "owner@example.com"]);
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain("Created root_admin owner@example.com.");
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});
