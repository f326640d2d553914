/**
 * `npm run rehearse`: the production configuration, run locally and offline, end to end.
 *
 *   1. Netlify's build (@netlify/build, offline) with only Builds-scope variables: the
 *      netlify.toml build command, then every function zipped by zip-it-and-ship-it.
 *   2. The real parts: PostgreSQL behind Neon's WebSocket path, s3rver, aws-ses-v2-local and a
 *      stand-in for Netlify's purge API.
 *   3. The operator's steps from the README: `npm run db:migrate`, `npm run create-admin`.
 *   4. The zips unpacked read-only and run by the functions runtime (scripts/rehearse/runtime.mjs)
 *      with only a deployed function's environment, behind an edge that serves dist/ like
 *      Netlify's CDN (scripts/rehearse/edge.ts).
 *   5. The flows of a visitor and of staff in Chromium (tests/rehearse, playwright.rehearse.config.ts).
 * Ends with "N passed, N failed"; exits non-zero on any failure.
 *
 *   --skip-build   reuse the last build (dist/ and .netlify/functions)
 *   --serve        after the flows, keep everything running for a person to try (Ctrl-C ends)
 *   --no-flows     start everything and serve, without running the flows (implies --serve)
 *   --bench        before the flows, measure each bundle's zip size and cold start (median of
 *                  5 fresh runtimes, or --bench-runs N) beside an empty v2 function zipped by the
 *                  same bundler in a temp folder, and write them into bench/latest.md (its own
 *                  section; the rest of the report stays)
 *   --bench-only   --bench, then end without the flows
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchBundles, bundlesMarkdown, writeBundlesSection } from "./lib/bundle-bench";
import { zipEmptyFunction } from "./lib/function-zips";
import { startPostgres } from "./lib/postgres.mjs";
import { startEdge, type Manifest } from "./rehearse/edge";
import { startServices } from "./rehearse/services";
import { unpackFunctions } from "./rehearse/unpack";

const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const bin = (n: string) => path.join(root, "node_modules", ".bin", n);
const PORT = Number(process.env.PORT ?? 4421);
const port = (offset: number) => PORT + offset;
const ports = { runtime: port(1), bridge: port(2), s3: port(3), ses: port(4), purge: port(5) };
const PG_PORT = Number(process.env.PG_TEST_PORT ?? 54421);
const origin = `http://localhost:${PORT}`;
const outDir = path.join(root, "test-results", "rehearse");
const workDir = path.join(os.tmpdir(), `nimbus-rehearse-${PORT}`);
const functionsDir = path.join(root, ".netlify", "functions");
const serve = args.has("--serve") || args.has("--no-flows");
const bench = args.has("--bench") || args.has("--bench-only");
const benchRunsArg = process.argv.indexOf("--bench-runs");
const benchRuns = benchRunsArg > 0 ? Number(process.argv[benchRunsArg + 1]) : 5;
if (!Number.isInteger(benchRuns) || benchRuns < 1)
  throw new Error("--bench-runs takes a whole number, 1 or more");

const children: ChildProcess[] = [];
/** What is running, for the shutdown at any point. */
const live: {
  services?: Awaited<ReturnType<typeof startServices>>;
  edge?: Awaited<ReturnType<typeof startEdge>>;
  stopPg?: () => void;
} = {};
async function shutdown(code: number): Promise<never> {
  // Whatever hangs in the cleanup must not keep the run from ending.
  setTimeout(() => process.exit(code), 20_000).unref();
  for (const c of children) c.kill("SIGTERM");
  await live.edge?.close().catch(() => {});
  await live.services?.close().catch(() => {});
  live.stopPg?.();
  if (existsSync(workDir)) execFileSync("chmod", ["-R", "u+w", workDir]);
  rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const step = (msg: string) => console.log(`\n== ${msg} (${elapsed()})`);

/** A minimal process environment: what any shell on the machine has, nothing of this shell's. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {
    PATH: `${path.join(root, "node_modules", ".bin")}:/usr/local/bin:/usr/bin:/bin`,
  };
  for (const k of ["HOME", "LANG", "TMPDIR"]) if (process.env[k]) env[k] = process.env[k]!;
  return env;
}

/**
 * Runs a command to its end without blocking this process (the bridge and servers it hosts must
 * keep answering); on failure prints its output's tail and ends the rehearsal as failed.
 */
async function runOrExit(
  cmd: string,
  cmdArgs: string[],
  env: Record<string, string>,
  input?: string,
  log?: string,
): Promise<string> {
  const child = spawn(cmd, cmdArgs, { cwd: root, env, stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  child.stdin.end(input ?? "");
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (log) writeFileSync(path.join(outDir, log), output);
  if (status !== 0) {
    console.error(output.split("\n").slice(-60).join("\n"));
    console.error(`\n${cmd} ${cmdArgs.join(" ")} failed (exit ${status})`);
    writeFileSync(path.join(outDir, "summary.json"), JSON.stringify({ passed: 0, failed: 1 }));
    console.log("\n0 passed, 1 failed");
    await shutdown(1);
  }
  return output;
}

// ---- 1. Netlify's build ---------------------------------------------------------------------
// The variables an operator sets for the Builds scope; nothing else of this shell reaches it.
const buildEnv = { ...baseEnv(), SITE_URL: origin, ASTRO_TELEMETRY_DISABLED: "1" };
if (!args.has("--skip-build") || !existsSync(path.join(functionsDir, "manifest.json"))) {
  step("Netlify build, offline (@netlify/build: netlify.toml command, functions by zip-it-and-ship-it)");
  rmSync(functionsDir, { recursive: true, force: true });
  const out = await runOrExit(bin("node"), ["scripts/rehearse/build.mjs"], buildEnv, undefined, "build.log");
  console.log(out.trim().split("\n").at(-1));
}
const manifest = JSON.parse(readFileSync(path.join(functionsDir, "manifest.json"), "utf8")) as Manifest;
console.log(`${manifest.functions.length} function bundles`);
// Netlify's own rate limits (config.rateLimit) are the CDN's to enforce, not this edge's: listed.
for (const fn of manifest.functions.filter((f) => f.trafficRules)) {
  const { rateLimitConfig, aggregate } = fn.trafficRules!.action.config;
  console.log(
    `  rate limit at Netlify's edge: ${fn.name}, ${rateLimitConfig.windowLimit} per ${rateLimitConfig.windowSize} s per ${aggregate.keys.map((k) => k.type).join(" and ")}`,
  );
}

// ---- 2. The real parts -----------------------------------------------------------------------
step("PostgreSQL, the Neon WebSocket bridge, s3rver, aws-ses-v2-local, the purge API stand-in");
const pg = startPostgres(PG_PORT);
const purgeToken = randomBytes(18).toString("base64url");
const services = await startServices(pg.url, ports, origin, purgeToken);
live.services = services;
live.stopPg = () => pg.stop();
process.on("SIGINT", () => void shutdown(130));
process.on("SIGTERM", () => void shutdown(143));

// The variables an operator sets for the Functions scope (README, "Deploying to Netlify"); the
// database is reached the production way, by Neon's driver over its WebSocket path.
const sessionSecret = randomBytes(48).toString("base64url");
const databaseEnv = { DATABASE_URL: pg.url, DATABASE_DRIVER: "neon", NEON_WS_PROXY: services.neonWsProxy };
const functionsEnv: Record<string, string> = {
  SITE_URL: origin,
  SESSION_SECRET: sessionSecret,
  ...databaseEnv,
  S3_BUCKET: services.s3.bucket,
  S3_REGION: "us-east-1",
  S3_ENDPOINT: services.s3.endpoint,
  APP_AWS_ACCESS_KEY_ID: "S3RVER",
  APP_AWS_SECRET_ACCESS_KEY: "S3RVER",
  SES_REGION: "us-east-1",
  SES_ENDPOINT: services.sesUrl,
  MAIL_FROM: "Nimbus Cloud Ops <no-reply@nimbus-rehearsal.test>",
  SALES_EMAIL: "leads@nimbus-rehearsal.test",
  NETLIFY_API_URL: services.purge.url,
  NETLIFY_PURGE_API_TOKEN: purgeToken,
};

// ---- 3. The operator's first steps -----------------------------------------------------------
step("npm run db:migrate, npm run create-admin (as the README tells an operator)");
const opEnv = { ...baseEnv(), ...databaseEnv };
await runOrExit("npm", ["run", "-s", "db:migrate"], opEnv, undefined, "db-migrate.log");
const admin = { email: "owner@nimbus-rehearsal.test", password: randomBytes(15).toString("base64url") };
await runOrExit(
  "npm",
  ["run", "-s", "create-admin", "--", "--email", admin.email],
  opEnv,
  `${admin.password}\n`,
  "create-admin.log",
);

// ---- 4. The bundles, run as deployed -----------------------------------------------------------
step("Function bundles unpacked read-only; functions runtime and edge started");
const taskRoot = path.join(workDir, "task");
await unpackFunctions(
  functionsDir,
  manifest.functions.map((f) => f.name),
  taskRoot,
);
// AWS Lambda's Node.js runtime provides the AWS SDK v3 to every function, outside its bundle
// (Netlify's zips leave it out); here the project's copy of @aws-sdk plays that part.
mkdirSync(path.join(taskRoot, "node_modules"), { mode: 0o755 });
symlinkSync(path.join(root, "node_modules", "@aws-sdk"), path.join(taskRoot, "node_modules", "@aws-sdk"));
// As root, the runtime drops to an unprivileged user and cannot write the root-owned task root;
// run by anyone else, the task root is made read-only for its owner as well.
if (process.getuid?.() !== 0) execFileSync("chmod", ["-R", "a-w", taskRoot]);
// Exactly a deployed function's environment: its Functions-scope variables, the read-only ones
// Netlify adds (SITE_ID, SITE_NAME, URL) and AWS Lambda's own. No DATA_DIR, no SEED_*, no
// CONTEXT (a build-time variable), and Lambda's own AWS keys, which are not the site's.
const lambdaEnv: Record<string, string> = {
  PATH: "/usr/local/bin:/usr/bin:/bin",
  HOME: "/tmp",
  LANG: "en_US.UTF-8",
  TZ: "UTC",
  SITE_ID: "rehearsal-site",
  SITE_NAME: "nimbus-rehearsal",
  URL: origin,
  AWS_LAMBDA_FUNCTION_NAME: "rehearsal",
  AWS_REGION: "us-east-1",
  AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x",
  AWS_ACCESS_KEY_ID: "ASIALAMBDAROLEKEY000",
  AWS_SECRET_ACCESS_KEY: "the-lambda-role-secret-not-the-site-keys",
  AWS_SESSION_TOKEN: "the-lambda-role-session",
  ...functionsEnv,
};
const runtimeLog = path.join(outDir, "functions.log");
const runtime = spawn(
  bin("node"),
  [
    path.join(root, "scripts/rehearse/runtime.mjs"),
    "--task-root",
    taskRoot,
    "--manifest",
    path.join(functionsDir, "manifest.json"),
    "--port",
    String(ports.runtime),
    "--origin",
    origin,
  ],
  { cwd: taskRoot, env: lambdaEnv, stdio: ["ignore", "pipe", "pipe"] },
);
children.push(runtime);
const runtimeLines: string[] = [];
await new Promise<void>((resolve, reject) => {
  const onLine = (d: Buffer) => {
    for (const line of d.toString().split("\n").filter(Boolean)) {
      runtimeLines.push(line);
      if (line.includes('"ready":true')) resolve();
    }
    writeFileSync(runtimeLog, runtimeLines.join("\n") + "\n");
  };
  runtime.stdout!.on("data", onLine);
  runtime.stderr!.on("data", onLine);
  runtime.once("exit", (code) => reject(new Error(`the functions runtime exited (${code})`)));
});
live.edge = await startEdge({ root, port: PORT, manifest, runtimePort: ports.runtime });
console.log(`Site ready at ${origin}  (staff: ${admin.email}; mail: ${services.sesUrl}/)`);

// ---- The bench part: zip sizes and cold starts -------------------------------------------------
if (bench) {
  step(
    `Bench: an empty v2 function zipped beside ours, then each bundle's first invocation in a fresh functions runtime (${benchRuns} rounds)`,
  );
  // The empty function: zipped by the same bundler in a temp folder, never part of the site.
  const emptyDir = path.join(workDir, "empty-function");
  const empty = await zipEmptyFunction(emptyDir);
  const emptyManifestFile = path.join(emptyDir, "out", "manifest.json");
  const emptyTaskRoot = path.join(workDir, "empty-task");
  await unpackFunctions(path.dirname(empty.zipFile), [empty.name], emptyTaskRoot);
  if (process.getuid?.() !== 0) execFileSync("chmod", ["-R", "a-w", emptyTaskRoot]);
  const result = await benchBundles(
    { manifest, manifestFile: path.join(functionsDir, "manifest.json"), taskRoot, functionsDir },
    {
      manifest: JSON.parse(readFileSync(emptyManifestFile, "utf8")) as Manifest,
      manifestFile: emptyManifestFile,
      taskRoot: emptyTaskRoot,
      functionsDir: path.dirname(empty.zipFile),
    },
    { runtimeScript: path.join(root, "scripts/rehearse/runtime.mjs"), env: lambdaEnv, port: port(7), origin },
    benchRuns,
    (round) =>
      console.log(`round ${round} of ${benchRuns} done (${elapsed()}, load ${os.loadavg()[0]!.toFixed(2)})`),
  );
  const when = new Date().toISOString().replace("T", " ").slice(0, 16);
  writeBundlesSection(root, bundlesMarkdown(result, when));
  for (const f of [result.empty, ...result.figures])
    console.log(
      `${f.name.padEnd(28)} ${(f.zipBytes / 1024).toFixed(0).padStart(7)} kB ${((f.zipBytes - result.empty.zipBytes) / 1024).toFixed(0).padStart(7)} kB  ${String(f.coldMs).padStart(5)} ms ${String(f.coldMs - result.empty.coldMs).padStart(5)} ms  ${f.status}`,
    );
  console.log("Written to bench/latest.md");
}

// ---- 5. The flows ------------------------------------------------------------------------------
const totals = { passed: 0, failed: 0 };
if (!args.has("--no-flows") && !args.has("--bench-only")) {
  step("Flows in Chromium (tests/rehearse)");
  const report = path.join(outDir, "playwright.json");
  // Asynchronously: the edge and the services live in this process and must keep answering.
  const pw = spawn(bin("playwright"), ["test", "--config", "playwright.rehearse.config.ts"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      REHEARSE_ORIGIN: origin,
      REHEARSE_ADMIN_EMAIL: admin.email,
      REHEARSE_ADMIN_PASSWORD: admin.password,
      REHEARSE_SES_URL: services.sesUrl,
      REHEARSE_PURGE_URL: services.purge.url,
      REHEARSE_S3_ORIGIN: services.s3.endpoint,
      REHEARSE_SALES_EMAIL: functionsEnv.SALES_EMAIL!,
      REHEARSE_SITE_ID: lambdaEnv.SITE_ID!,
      REHEARSE_PURGE_TOKEN: purgeToken,
    },
  });
  const status = await new Promise<number | null>((resolve) => pw.on("close", resolve));
  try {
    const stats = (JSON.parse(readFileSync(report, "utf8")) as { stats: Record<string, number> }).stats;
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
  } catch {
    /* no report: counted below */
  }
  if (status !== 0 && totals.failed === 0) totals.failed += 1;

  // What a deployed function must never do, read from the runtime's own log: answer 5xx, or
  // try to write outside /tmp.
  const problems = runtimeLines.filter(
    (l) => /"status":5\d\d/.test(l) || /EACCES|EROFS|read-only file system/i.test(l),
  );
  if (problems.length) {
    console.error(
      `\nThe functions runtime logged ${problems.length} failure(s):\n${problems.slice(0, 20).join("\n")}`,
    );
    totals.failed += 1;
  } else totals.passed += 1;
}

if (serve) {
  console.log(`\nServing ${origin} until Ctrl-C.`);
  await new Promise(() => {});
}
console.log(`\nRehearsal took ${elapsed()}; logs in ${path.relative(root, outDir)}/`);
writeFileSync(path.join(outDir, "summary.json"), JSON.stringify(totals));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
await shutdown(totals.failed ? 1 : 0);
