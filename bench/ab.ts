/**
 * `npm run bench:ab -- <rev> [page ...]`: is a page as fast as it was at an earlier commit?
 * Builds <rev> in a temporary worktree (sharing this checkout's node_modules) and this checkout,
 * serves both on fresh seeded data at once, and runs Lighthouse (mobile, as `npm run bench`) on
 * each page, taking turns between the two sides for --rounds rounds (5), so both meet the same
 * machine. Prints the median LCP and TBT of each side. A page written `old=new` is `old` on <rev>
 * and `new` here (a post's address that changed, say). Pages default to /blog and /.
 *
 * With --devtools the loads are throttled as they run (Chromium's network and CPU emulation, as
 * Lighthouse's "devtools" method) instead of simulated from unthrottled loads: for a change that
 * moves the simulation, whether a visitor on a slow phone would see it too.
 *
 * The figures change nothing in bench/latest.md; they are for a change's note. The two servers
 * listen on AB_PORT and AB_PORT + 1 (4490 and 4491 by default), so runs on a shared machine can
 * keep apart.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchLighthouse } from "./lighthouse";
import { median } from "./lib/stats";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 5);
const throttlingMethod = args.includes("--devtools") ? "devtools" : "simulate";
const [rev, ...rest] = args.filter((a) => !a.startsWith("--"));
if (!rev) {
  console.error("usage: npm run bench:ab -- <rev> [page | old=new ...] [--rounds=N] [--devtools]");
  process.exit(2);
}
const abPort = Number(process.env.AB_PORT ?? 4490);
const pages = (rest.length ? rest : ["/blog", "/"]).map((p) => {
  const [before, after] = p.split("=");
  return { before: before!, after: after ?? before! };
});

const bin = (dir: string, name: string) => path.join(dir, "node_modules", ".bin", name);
const run = (cmd: string, argv: string[], cwd: string) => {
  const r = spawnSync(cmd, argv, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed in ${cwd}`);
};

function serve(dir: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(bin(dir, "tsx"), ["scripts/serve.ts"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("Site ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`server in ${dir} exited with ${code}`)));
  });
}

const tmp = mkdtempSync(path.join(tmpdir(), "bench-ab-"));
const old = path.join(tmp, "old");
const servers: ChildProcess[] = [];
try {
  run("git", ["worktree", "add", "--detach", old, rev], root);
  if (!existsSync(path.join(old, "node_modules")))
    symlinkSync(path.join(root, "node_modules"), path.join(old, "node_modules"));
  for (const dir of [old, root]) run(bin(root, "astro"), ["build"], dir);
  servers.push(await serve(old, abPort, path.join(tmp, "data-old")));
  servers.push(await serve(root, abPort + 1, path.join(tmp, "data-new")));
  const sides = [
    { name: rev, base: `http://localhost:${abPort}`, pick: (p: (typeof pages)[number]) => p.before },
    {
      name: "this checkout",
      base: `http://localhost:${abPort + 1}`,
      pick: (p: (typeof pages)[number]) => p.after,
    },
  ];
  const lcp = new Map<string, number[]>();
  const tbt = new Map<string, number[]>();
  /** The lowest score of each Lighthouse category over the rounds: performance, accessibility, best practices, SEO. */
  const lowest = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const figures = await benchLighthouse(side.base, pages.map(side.pick), 1, undefined, {
        throttlingMethod,
      });
      figures.forEach((f, i) => {
        const key = `${pages[i]!.after}\t${side.name}`;
        lcp.set(key, [...(lcp.get(key) ?? []), f.lcp]);
        tbt.set(key, [...(tbt.get(key) ?? []), f.tbt]);
        const scores = [f.performance, f.accessibility, f.bestPractices, f.seo];
        lowest.set(
          key,
          (lowest.get(key) ?? scores).map((v, j) => Math.min(v, scores[j]!)),
        );
      });
    }
  }
  console.log(
    `\nLighthouse mobile (${throttlingMethod} throttling), ${rounds} rounds, sides taking turns\n\npage\tside\tLCP median\tLCP runs (ms)\tTBT median\tlowest scores (P/A/BP/SEO)`,
  );
  for (const [key, values] of lcp) {
    const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
    console.log(
      `${key}\t${s(median(values))}\t${values.map(Math.round).join(", ")}\t${median(tbt.get(key)!)} ms\t${lowest.get(key)!.join("/")}`,
    );
  }
} finally {
  for (const s of servers) s.kill();
  spawnSync("git", ["worktree", "remove", "--force", old], { cwd: root, stdio: "ignore" });
  rmSync(tmp, { recursive: true, force: true });
}
