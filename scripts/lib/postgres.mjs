/**
 * A throwaway PostgreSQL server for tests and benchmarks: Debian's package, installed when absent
 * (as root), started on loopback as the "postgres" user (PostgreSQL refuses to run as root).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const isRoot = process.getuid?.() === 0;

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: "inherit", ...opts });
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
export function aptInstall(pkg) {
  if (!isRoot) {
    console.error(
      `${pkg} is missing: install the Debian package "${pkg}" (as root: apt-get install ${pkg}).`,
    );
    process.exit(1);
  }
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
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
export function startPostgres(port = Number(process.env.PG_TEST_PORT ?? 54329)) {
  let bin = pgBinDir();
  if (!bin) {
    aptInstall("postgresql");
    bin = pgBinDir();
  }
  if (!bin) throw new Error("PostgreSQL binaries not found after install");
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
