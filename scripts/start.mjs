#!/usr/bin/env node
/**
 * `npm start`: installs what is missing, builds, and serves the whole site on one port.
 * Written for any Node >= 20 with npm: the build and the server run on the Node 22 that the
 * `node` devDependency installs into node_modules/.bin.
 *   --install-only   only make sure dependencies are installed (used by `npm test`)
 *   --no-build       serve the existing build
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const args = new Set(process.argv.slice(2));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = {
  ...process.env,
  PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
  ASTRO_TELEMETRY_DISABLED: "1",
};

function run(cmd, cmdArgs) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function needsInstall() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  if (!existsSync(marker) || !existsSync(bin("node")) || !existsSync(bin("astro"))) return true;
  const lock = path.join(root, "package-lock.json");
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
}

if (needsInstall()) {
  console.log("Installing dependencies (first run only: a few minutes; npm shows its progress)...");
  // `npm install` follows package-lock.json and leaves it as it is (tests/unit/lockfile.test.ts
  // keeps the lock complete, so CI's `npm ci` installs the same tree). Its output comes straight
  // to this terminal (stdio inherited), with npm's own progress and notices: a first install
  // takes minutes, and a silent one looks stuck.
  run("npm", ["install", "--no-audit", "--no-fund", "--progress=true"]);
}
if (args.has("--install-only")) process.exit(0);

if (!args.has("--no-build")) {
  console.log("Building the site...");
  run(bin("astro"), ["build"]);
}
run(bin("tsx"), ["scripts/serve.ts"]);
