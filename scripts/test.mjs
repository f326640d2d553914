#!/usr/bin/env node
/**
 * `npm test`: every check and test, in the order that fails fastest.
 *   1. static checks (astro check, eslint, prettier)
 *   2. unit, service and in-process API tests (vitest) against PGlite and a real PostgreSQL 15
 *      server that this script installs (Debian package) and starts when it is absent
 *   3. the site built and served by the real local server, driven by Playwright in Debian's
 *      Chromium at phone and desktop widths, with axe checks
 * Ends with one line "N passed, N failed".
 *   --skip-check  --skip-unit  --skip-e2e   leave out a stage (for quick local runs)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const args = new Set(process.argv.slice(2));
const binDir = path.join(root, "node_modules", ".bin");
const resultsDir = path.join(root, "test-results");
const isRoot = process.getuid?.() === 0;
const env = {
  ...process.env,
  PATH: `${binDir}${path.delimiter}${process.env.PATH}`,
  ASTRO_TELEMETRY_DISABLED: "1",
};

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: "inherit", env, ...opts });
  return r.status ?? 1;
}
function must(cmd, cmdArgs, opts) {
  const status = run(cmd, cmdArgs, opts);
  if (status !== 0) {
    console.error(`\n${cmd} ${cmdArgs.join(" ")} failed (exit ${status})`);
    process.exit(status);
  }
}

let aptUpdated = false;
function aptInstall(pkg) {
  if (!isRoot) {
    console.error(
      `${pkg} is missing: install the Debian package "${pkg}" (as root: apt-get install ${pkg}).`,
    );
    process.exit(1);
  }
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  if (!aptUpdated) must("apt-get", ["update", "-qq"], { env: aptEnv });
  aptUpdated = true;
  must("apt-get", ["install", "-y", "-qq", pkg], { env: aptEnv });
}

function pgBinDir() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : undefined;
}

/** Starts a throwaway PostgreSQL cluster on loopback; returns its URL and a stop function. */
function startPostgres() {
  let bin = pgBinDir();
  if (!bin) {
    aptInstall("postgresql");
    bin = pgBinDir();
  }
  if (!bin) throw new Error("PostgreSQL binaries not found after install");
  const port = Number(process.env.PG_TEST_PORT ?? 54329);
  const dir = path.join(os.tmpdir(), `nimbus-pg-${port}`);
  // PostgreSQL refuses to run as root: run it as the "postgres" user the package creates.
  const asUser = (cmd, cmdArgs) =>
    isRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...cmdArgs]] : [cmd, cmdArgs];
  if (existsSync(dir)) {
    const [c, a] = asUser(path.join(bin, "pg_ctl"), ["-D", dir, "-m", "immediate", "stop"]);
    run(c, a, { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  if (isRoot) must("chown", ["postgres:postgres", dir]);
  let [c, a] = asUser(path.join(bin, "initdb"), ["-D", dir, "-A", "trust", "-U", "postgres", "-E", "UTF8"]);
  must(c, a, { stdio: "ignore" });
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  [c, a] = asUser(path.join(bin, "pg_ctl"), [
    "-D",
    dir,
    "-o",
    opts,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  must(c, a);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [sc, sa] = asUser(path.join(bin, "pg_ctl"), ["-D", dir, "-m", "fast", "stop"]);
      run(sc, sa, { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStage;

if (!args.has("--skip-check")) {
  console.log("\n== Static checks (astro check, eslint, prettier)");
  if (run("npm", ["run", "-s", "check"]) !== 0) {
    totals.failed += 1;
    failedStage ??= "check";
  } else totals.passed += 1;
}

if (!args.has("--skip-unit")) {
  console.log("\n== Unit, service and API tests (PGlite and PostgreSQL)");
  const pg = startPostgres();
  const vitestOut = path.join(resultsDir, "vitest.json");
  const status = run(
    path.join(binDir, "vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestOut}`],
    { env: { ...env, PG_TEST_URL: pg.url, REQUIRE_PG: "1" } },
  );
  pg.stop();
  const r = readJson(vitestOut);
  if (r) {
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
  if (status !== 0) {
    failedStage ??= "vitest";
    if (!r || r.numFailedTests === 0) totals.failed += 1;
  }
}

if (!args.has("--skip-e2e")) {
  console.log("\n== End-to-end tests in Chromium against the local server");
  if (!existsSync("/usr/bin/chromium")) aptInstall("chromium");
  must(path.join(binDir, "astro"), ["build"]);
  const pwOut = path.join(resultsDir, "playwright.json");
  const status = run(path.join(binDir, "playwright"), ["test"], {
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut },
  });
  const r = readJson(pwOut);
  if (r?.stats) {
    totals.passed += r.stats.expected + r.stats.flaky;
    totals.failed += r.stats.unexpected;
    totals.skipped += r.stats.skipped;
  }
  if (status !== 0) {
    failedStage ??= "playwright";
    if (!r?.stats || r.stats.unexpected === 0) totals.failed += 1;
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failedStage) {
  console.error(`First failing stage: ${failedStage}`);
  process.exit(1);
}
