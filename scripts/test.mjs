#!/usr/bin/env node
/**
 * `npm test`: every check and test, in the order that fails fastest.
 *   1. static checks: astro check beside eslint and prettier, and beside both the zips the
 *      function-weight test reads (scripts/warm-function-weight.ts)
 *   2. unit and service tests (vitest) on PGlite and a real PostgreSQL 15 server that this script
 *      installs (Debian package) and starts when it is absent; the in-process API suite on that
 *      server, and a pass over every endpoint on PGlite (vitest.config.ts)
 *   3. the site built and served by the real local server, driven by Playwright in Debian's
 *      Chromium at desktop width, and at phone width what checks the layout (playwright.config.ts), with axe checks; first, a few tests on a build and
 *      server with a Google tag id (tests/e2e-analytics: the consent to analytics)
 * Names every e2e test that passed only on a retry, and fails the run when one of them is a flow
 * that must never flake (contact, application, sign-in, reset: scripts/lib/flaky.mjs).
 *   4. the production rehearsal (scripts/rehearse.ts): Netlify's build and function bundles with
 *      only a deployed function's environment, on PostgreSQL through the Neon driver, S3 and SES
 *      stand-ins, driven by Chromium
 * Ends with the number of flaky tests, then one line "N passed, N failed, N skipped".
 *   --skip-check  --skip-unit  --skip-e2e  --skip-rehearse   leave out a stage (quick local runs)
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { flakyTests, mustNotFlake, playwrightFailures, vitestFailures } from "./lib/flaky.mjs";
import { aptInstall, startPostgres } from "./lib/postgres.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const args = new Set(process.argv.slice(2));
const binDir = path.join(root, "node_modules", ".bin");
const resultsDir = path.join(root, "test-results");
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
/** Every test that failed, named again at the end of the run. */
const failures = [];

/** How long each stage took, printed at the end (where CI time is read). */
const stageTimes = [];
let stageStart;
/** Starts a stage: its heading, and the clock of the one before stops. */
function stage(short, heading) {
  endStage();
  console.log(`\n== ${heading}`);
  stageStart = { short, at: Date.now() };
}
function endStage() {
  if (stageStart) stageTimes.push(`${stageStart.short} ${Math.round((Date.now() - stageStart.at) / 1000)} s`);
  stageStart = undefined;
}

// The function-weight test's zips (scripts/lib/function-weight.ts: 15 to 30 s of one core), made
// beside the static checks; the test reads them.
const warmLog = path.join(resultsDir, "function-weight.log");
const warm =
  args.has("--skip-unit") || args.has("--skip-check")
    ? undefined
    : new Promise((resolve) => {
        const out = openSync(warmLog, "w");
        spawn(path.join(binDir, "tsx"), [path.join("scripts", "warm-function-weight.ts")], {
          cwd: root,
          env,
          stdio: ["ignore", out, out],
        })
          .on("exit", (code) => resolve(code ?? 1))
          .on("error", () => resolve(1));
      });

/**
 * Runs npm scripts at once, each with its output kept and printed whole when it ends, in the
 * order named; the exit status of each.
 */
function runTogether(scripts) {
  return Promise.all(
    scripts.map(
      (script) =>
        new Promise((resolve) => {
          const chunks = [];
          const child = spawn("npm", ["run", "-s", script], { cwd: root, env });
          child.stdout.on("data", (c) => chunks.push(c));
          child.stderr.on("data", (c) => chunks.push(c));
          child
            .on("close", (code) => resolve({ script, code: code ?? 1, out: Buffer.concat(chunks) }))
            .on("error", (err) => resolve({ script, code: 1, out: Buffer.from(String(err)) }));
        }),
    ),
  ).then((results) =>
    results.map(({ script, code, out }) => {
      process.stdout.write(`-- npm run ${script} (exit ${code})\n`);
      process.stdout.write(out);
      return code;
    }),
  );
}

if (!args.has("--skip-check")) {
  stage("static checks", "Static checks (astro check, eslint, prettier)");
  // `npm run check` in two halves at once: the types (astro check) and the style (eslint, then
  // prettier) read the sources only, and each keeps one core busy.
  const codes = await runTogether(["check:types", "check:style"]);
  if (codes.some((c) => c !== 0)) {
    totals.failed += 1;
    failedStage ??= "check";
  } else totals.passed += 1;
}

if (!args.has("--skip-unit")) {
  stage("vitest", "Unit, service and API tests (PGlite and PostgreSQL)");
  if (warm) {
    const code = await warm;
    // On failure the test zips them itself, and says what went wrong.
    console.log(readFileSync(warmLog, "utf8").trim() + (code === 0 ? "" : ` (exit ${code})`));
  }
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
    failures.push(...vitestFailures(r));
  }
  if (status !== 0) {
    failedStage ??= "vitest";
    if (!r || r.numFailedTests === 0) totals.failed += 1;
  }
}

const flaky = [];

/** Runs one Playwright configuration and adds its counts to the totals. */
function playwright(config, name) {
  const pwOut = path.join(resultsDir, `${name}.json`);
  const status = run(path.join(binDir, "playwright"), ["test", "--config", config], {
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut },
  });
  const r = readJson(pwOut);
  if (r?.stats) {
    totals.passed += r.stats.expected + r.stats.flaky;
    totals.failed += r.stats.unexpected;
    totals.skipped += r.stats.skipped;
  }
  flaky.push(...flakyTests(r));
  failures.push(...playwrightFailures(r));
  if (status !== 0) {
    failedStage ??= name;
    if (!r?.stats || r.stats.unexpected === 0) totals.failed += 1;
  }
}

if (!args.has("--skip-e2e")) {
  stage("e2e (builds included)", "End-to-end tests in Chromium against the local server");
  if (!existsSync("/usr/bin/chromium")) aptInstall("chromium");
  // The Nu HTML Checker (tests/e2e/html-validity.spec.ts) runs on Java.
  if (!existsSync("/usr/bin/java")) aptInstall("default-jre-headless");
  const astro = path.join(binDir, "astro");
  // First a build with a Google tag id (the tag is decided at build time), for its own few tests;
  // then the build every other test runs on, which has none.
  const tagPort = process.env.E2E_TAG_PORT ?? "4398";
  // The same settings as TAG_BUILD_ENV in playwright.analytics.config.ts (a lifetime that is not
  // the default, which the privacy notice must show).
  must(astro, ["build"], {
    env: {
      ...env,
      SITE_URL: `http://localhost:${tagPort}`,
      GOOGLE_TAG_ID: "G-TEST123",
      RETENTION_LEAD_DAYS: "1000",
    },
  });
  playwright("playwright.analytics.config.ts", "playwright-analytics");
  // Prerendered pages carry absolute URLs (canonical, sitemap): build them for the e2e server.
  const e2ePort = process.env.E2E_PORT ?? "4399";
  must(astro, ["build"], { env: { ...env, SITE_URL: `http://localhost:${e2ePort}`, GOOGLE_TAG_ID: "" } });
  playwright("playwright.config.ts", "playwright");
}

if (!args.has("--skip-rehearse")) {
  stage(
    "rehearsal",
    "Production rehearsal (Netlify build and bundles; Neon driver, S3, SES, purge API; Chromium)",
  );
  const status = run(path.join(binDir, "tsx"), ["scripts/rehearse.ts"], {
    env: {
      ...env,
      PORT: process.env.REHEARSE_PORT ?? "4421",
      PG_TEST_PORT: process.env.REHEARSE_PG_PORT ?? "54421",
    },
  });
  const r = readJson(path.join(resultsDir, "rehearse", "summary.json"));
  if (r) {
    totals.passed += r.passed;
    totals.failed += r.failed;
  }
  if (status !== 0) {
    failedStage ??= "rehearse";
    if (!r || r.failed === 0) totals.failed += 1;
  }
}

endStage();
const mustNot = flaky.filter(mustNotFlake);
if (flaky.length) {
  console.log(`\nFlaky (passed only on a retry): ${flaky.length}`);
  for (const name of flaky) console.log(`  ${mustNot.includes(name) ? "MUST NOT FLAKE " : ""}${name}`);
}
if (mustNot.length) {
  totals.passed -= mustNot.length;
  totals.failed += mustNot.length;
  failedStage ??= "flaky contact, application, sign-in or reset flow";
}
console.log(`\nStage times: ${stageTimes.join(", ")}`);
console.log(`\nFlaky e2e tests: ${flaky.length}`);
if (failures.length) {
  // Named again at the end, where a CI log's tail is read.
  console.log(`\nFailed tests: ${failures.length}`);
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failedStage) {
  console.error(`First failing stage: ${failedStage}`);
  process.exit(1);
}
