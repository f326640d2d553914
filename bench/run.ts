/**
 * `npm run bench`: the speed report. Builds the site, then measures
 *   - Lighthouse 13 mobile (median of 3) for every public page, with JS and HTML bytes;
 *   - the contact form island on an emulated phone: ready time after coming into view, scrolled
 *     to and jumped to, and the script it fetches (median of 5 fresh pages each; bench/island.ts);
 *   (the function bundles, zipped by Netlify's own build beside an empty function, are measured by
 *   `npm run rehearse -- --bench`: their section of bench/latest.md is carried over as it is);
 *   - in-process handler times of the read endpoints against PostgreSQL, at demo size and 10,000 rows;
 *   - the leads list and search at 100,000 leads (bench/leads.ts; `npm run bench:leads` alone);
 *   - load: 50 writers and 10 readers against the local server on PostgreSQL, exactly-once check;
 *   - the largest accepted picture re-encoded in a child process: peak memory and time
 *     (bench/pictures.ts; over budget at the function's memory);
 *   - speculative loading: the next page's LCP after a click, with and without the Speculation
 *     Rules, every target throttled (bench/speculation.ts);
 *   - Interaction to Next Paint of the menu, the application dialog, the contact form, a lead card,
 *     the dashboard's screens and the moderation queue on the phone emulation (bench/inp.ts);
 *   - the dashboard's weight: script before the first screen is usable, and when (bench/dashboard.ts);
 *   - the main thread of the pages with no script against the empty page (bench/mainthread.ts);
 *   - /blog and a post against the empty page with the loads throttled as they run, not simulated
 *     (bench/real-throttling.ts).
 * Writes bench/latest.md and exits non-zero when a page scores below 100 in a Lighthouse
 * category, goes over its byte budget or its LCP goal (/blog and a post: at most 150 ms over the
 * empty page's, in the same run), or the load loses, duplicates or fails a request.
 *   - free booking slots of 10 owners over 14 days with 1,000 calls (bench/slots.ts);
 *   --skip=lighthouse,island,handlers,leads,load,pictures,slots,speculation,inp,dashboard,mainthread,realthrottle
 *   --only=island                                          run only these parts: their sections of
 *                                                          bench/latest.md are replaced, the rest of
 *                                                          it is left as it is (pictures: --skip the rest)
 */
import { ackVisitCookie } from "./lib/ack-visit";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createPgDb } from "../src/server/platform/db/pg";
import { migrate } from "../src/server/platform/db/migrate";
import { seed } from "../scripts/seed/seed";
import { startPostgres } from "../scripts/lib/postgres.mjs";
import { bundlesSectionOf } from "./bundles";
import { handlersTable, type HandlerFigure } from "./handlers";
import { leadsProblems, leadsSection, type LeadsFigure } from "./leads";
import {
  PUBLIC_PAGES,
  benchLighthouse,
  lighthouseProblems,
  lighthouseTable,
  withEmptyPage,
} from "./lighthouse";
import { runLoad } from "./load";
import { largestShapes, picturesProblems, picturesSection, reencodeLargest } from "./pictures";
import { benchIsland, islandProblems, islandSection, islandSectionOf } from "./island";
import { benchSlots, slotsProblems, slotsSection } from "./slots";
import * as speculation from "./speculation";
import * as inp from "./inp";
import * as dashboard from "./dashboard";
import * as mainthread from "./mainthread";
import * as realThrottling from "./real-throttling";

/** Sections between markers: replaced by a run that measures them, else carried over as they are. */
const MARKED = [speculation, inp, dashboard, mainthread, realThrottling].map((m) => ({
  start: m.MARK_START,
  end: m.MARK_END,
}));
const markedOf = (report: string, start: string, end: string) => {
  const a = report.indexOf(start);
  const b = report.indexOf(end);
  return a >= 0 && b > a ? report.slice(a, b + end.length) : undefined;
};
/** This run's marked sections, by their start marker. */
const measured = new Map<string, string>();

const root = process.cwd();
const listArg = (name: string) =>
  new Set(
    (process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? "")
      .split(",")
      .filter(Boolean),
  );
const skipped = listArg("skip");
const only = listArg("only");
const skip = { has: (part: string) => skipped.has(part) || (only.size > 0 && !only.has(part)) };
let islandMeasured: string | undefined;
const tmp = path.join(root, "bench", "tmp");
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const bin = (n: string) => path.join(root, "node_modules", ".bin", n);
const sections: string[] = [];
const problems: string[] = [];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/**
 * The report's last lines: what this run found over its budgets, naming the parts it ran. The
 * bundles' section has its own (from `npm run rehearse -- --bench`).
 */
function verdict(): string {
  const scope =
    only.size > 0
      ? `this run's parts (${[...only].join(", ")}; ${new Date().toISOString().slice(0, 10)})`
      : "this run";
  const note = "The function bundles' section above has its own verdict (`npm run rehearse -- --bench`).";
  return problems.length
    ? `## Over budget in ${scope}\n\n${problems.map((x) => `- ${x}`).join("\n")}\n\n${note}`
    : `All budgets met in ${scope}. ${note}`;
}

/** Writes the report so far, so a run that is stopped early still leaves its figures. */
function writeReport(done: boolean) {
  // The bundles section comes from `npm run rehearse -- --bench` (a Netlify build): kept as it is.
  const file = path.join(root, "bench", "latest.md");
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (only.size > 0) {
    // A partial run (--only) changes its own sections and its verdict, and leaves the rest of the
    // report (and the sections' own dates) as it is.
    const old = islandSectionOf(before);
    const withIsland = !islandMeasured
      ? before
      : old
        ? before.replace(old, islandMeasured)
        : before.replace(
            /\n(<!-- bench:bundles -->|## Over budget|All budgets)/,
            `\n${islandMeasured}\n\n$1`,
          );
    // The slots' section: replaced where it is, else put before the verdict.
    const slots = sections.find((x) => x.startsWith("## Booking slots"));
    const slotsAt = /\n## Booking slots[\s\S]*?(?=\n## |\n<!-- |$)/;
    const withSlots = !slots
      ? withIsland
      : slotsAt.test(withIsland)
        ? withIsland.replace(slotsAt, `\n${slots}\n`)
        : withIsland.replace(/\n(<!-- bench:bundles -->|## Over budget|All budgets)/, `\n${slots}\n\n$1`);
    // The Lighthouse table: replaced where it is (it opens the report).
    const lighthouseNow = sections.find((x) => x.startsWith("## Lighthouse"));
    const lighthouseAt = /\n## Lighthouse[\s\S]*?(?=\n## |\n<!-- |$)/;
    const withLighthouse =
      lighthouseNow && lighthouseAt.test(withSlots)
        ? withSlots.replace(lighthouseAt, `\n${lighthouseNow}\n`)
        : withSlots;
    let withMarked = withLighthouse;
    for (const { start, end } of MARKED) {
      const now = measured.get(start);
      if (!now) continue;
      const was = markedOf(withMarked, start, end);
      withMarked = was
        ? withMarked.replace(was, () => now)
        : withMarked.replace(
            /\n(<!-- bench:bundles -->|## Over budget|All budgets)/,
            (_m, g: string) => `\n${now}\n\n${g}`,
          );
    }
    const next = /\n(## Over budget|All budgets)/.test(withMarked)
      ? withMarked.replace(/\n(## Over budget|All budgets)[\s\S]*$/, `\n${verdict()}\n`)
      : `${withMarked.trimEnd()}\n\n${verdict()}\n`;
    writeFileSync(file, next);
    return next;
  }
  const bundles = bundlesSectionOf(before);
  // The island's section: this run's, else the last run's (carried over like the bundles').
  const island = islandMeasured ?? islandSectionOf(before);
  const when = new Date().toISOString().replace("T", " ").slice(0, 16);
  const report = [
    `# Speed report`,
    "",
    `Measured ${when} UTC on this machine (2 cores) with \`npm run bench\`${done ? "" : " (partial: the run was still going)"}.`,
    "",
    ...sections.flatMap((x) => [x, ""]),
    ...(island ? [island, ""] : []),
    ...MARKED.flatMap(({ start, end }) => {
      const x = measured.get(start) ?? markedOf(before, start, end);
      return x ? [x, ""] : [];
    }),
    ...(bundles ? [bundles, ""] : []),
    verdict(),
    "",
  ].join("\n");
  writeFileSync(file, report);
  return report;
}

/** Puts the Lighthouse table into the README, between its bench markers. */
function updateReadme(markdown: string) {
  const file = path.join(root, "README.md");
  const readme = readFileSync(file, "utf8");
  const start = "<!-- bench:lighthouse -->";
  const end = "<!-- /bench:lighthouse -->";
  const a = readme.indexOf(start);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) return;
  writeFileSync(file, `${readme.slice(0, a + start.length)}\n${markdown}\n${readme.slice(b)}`);
  spawnSync(bin("prettier"), ["--write", file], { cwd: root, stdio: "ignore" });
}

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(bin("tsx"), ["scripts/serve.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      LOG_LEVEL: "error",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("Site ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

if (!skip.has("slots")) {
  console.log("Booking slots: 10 owners, 14 days, 1,000 booked calls...");
  const figures = await benchSlots();
  sections.push(slotsSection(figures));
  problems.push(...slotsProblems(figures));
}

// The slots part alone needs no build.
if (!(only.size === 1 && only.has("slots"))) {
  console.log("Building the site...");
  const build = spawnSync(bin("astro"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!skip.has("island")) {
  console.log("Contact form island on an emulated phone (median of 5)...");
  const server = await startServer(4482, { DATA_DIR: path.join(tmp, "island") });
  try {
    const figures = await benchIsland("http://localhost:4482", path.join(root, "dist"), 5);
    islandMeasured = islandSection(figures);
    problems.push(...islandProblems(figures));
    writeReport(false);
  } finally {
    server.kill();
  }
}

if (["speculation", "inp", "dashboard", "mainthread", "realthrottle"].some((p) => !skip.has(p))) {
  // One server for these parts: rate limits off (the INP part posts a comment each round).
  const server = await startServer(4483, { DATA_DIR: path.join(tmp, "interactions"), RATE_LIMITS: "off" });
  const base = "http://localhost:4483";
  try {
    if (!skip.has("speculation")) {
      console.log("Speculative loading: the next page after a click (5 rounds)...");
      const runs = await speculation.benchSpeculation(base, 5);
      measured.set(speculation.MARK_START, speculation.speculationSection(runs));
      problems.push(...speculation.speculationProblems(runs));
      writeReport(false);
    }
    if (!skip.has("inp")) {
      console.log("Interaction to Next Paint on a phone (5 rounds)...");
      const runs = await inp.benchInp(base, 5);
      measured.set(inp.MARK_START, inp.inpSection(runs, 5));
      problems.push(...inp.inpProblems(runs));
      writeReport(false);
    }
    if (!skip.has("mainthread")) {
      console.log("The main thread of pages with no script against the empty page (5 rounds)...");
      const frame = mainthread.siteFrame(await (await fetch(`${base}/`)).text(), base);
      const runs = await withEmptyPage(
        (empty) => mainthread.benchMainThread(base, `${empty}/`, `${empty}${mainthread.FRAME_PATH}`, 5),
        { [mainthread.FRAME_PATH]: frame },
      );
      measured.set(mainthread.MARK_START, mainthread.mainThreadSection(runs, 5, mainthread.FINDINGS));
      problems.push(...mainthread.mainThreadProblems(runs));
      writeReport(false);
    }
    if (!skip.has("realthrottle")) {
      console.log("/blog and a post under real throttling against the empty page (5 rounds)...");
      const first = (await (await fetch(`${base}/api/get-posts`)).json()) as { posts: { slug: string }[] };
      const pages = ["/blog", `/blog/${first.posts[0]?.slug ?? "1"}`];
      const runs = await withEmptyPage((empty) =>
        realThrottling.benchRealThrottling(base, `${empty}/`, pages, 5),
      );
      measured.set(
        realThrottling.MARK_START,
        realThrottling.realThrottlingSection(runs, 5, realThrottling.FINDINGS),
      );
      problems.push(...realThrottling.realThrottlingProblems(runs));
      writeReport(false);
    }
    if (!skip.has("dashboard")) {
      console.log("The dashboard's weight (5 rounds)...");
      const runs = await dashboard.benchDashboard(base, 5);
      measured.set(dashboard.MARK_START, dashboard.dashboardSection(runs));
      problems.push(...dashboard.dashboardProblems(runs));
      writeReport(false);
    }
  } finally {
    server.kill();
  }
}

if (!skip.has("pictures")) {
  console.log("The largest accepted picture, re-encoded in a child process...");
  const runs = [];
  for (const shape of largestShapes()) runs.push({ shape, run: await reencodeLargest(shape) });
  sections.push(picturesSection(runs));
  problems.push(...picturesProblems(runs));
  writeReport(false);
}

const needsPg = ["handlers", "leads", "load"].some((p) => !skip.has(p));
const pg = needsPg ? startPostgres(Number(process.env.BENCH_PG_PORT ?? 54510)) : { stop() {}, url: "" };
try {
  if (!skip.has("lighthouse")) {
    console.log("Lighthouse (mobile, median of 3)...");
    const server = await startServer(4480, { DATA_DIR: path.join(tmp, "site") });
    try {
      const first = (await (await fetch("http://localhost:4480/api/get-posts")).json()) as {
        posts: { id: number; slug: string }[];
      };
      const pages = PUBLIC_PAGES.map((p) => p.replace("{post}", first.posts[0]?.slug ?? "1"));
      // An empty page measured once after each page: the floor this machine sets (TBT above all).
      const figures = await withEmptyPage(async (empty) => {
        const listed = await benchLighthouse("http://localhost:4480", pages, RUNS, `${empty}/`);
        // A buyer's /ack right after the form, with their ack cookie: the thank-you, then the slots.
        const cookie = await ackVisitCookie("http://localhost:4480");
        const ack = await benchLighthouse("http://localhost:4480", ["/ack"], RUNS, undefined, {
          extraHeaders: { Cookie: cookie },
        });
        // The empty page's row stays last.
        return [...listed.slice(0, -1), ...ack, ...listed.slice(-1)];
      });
      const when = new Date().toISOString().slice(0, 10);
      const title = `Lighthouse 13, mobile, median of ${RUNS} runs per figure (TBT: median, then each run)`;
      sections.push(`## ${title}\n\n` + lighthouseTable(figures));
      updateReadme(`${title} (${when}):\n\n${lighthouseTable(figures)}`);
      problems.push(...lighthouseProblems(figures));
      writeReport(false);
    } finally {
      server.kill();
    }
  }

  if (!skip.has("handlers")) {
    console.log("Handler times against PostgreSQL...");
    const all: HandlerFigure[] = [];
    // A full first page of the blog (the seed topped up to 10 posts), then 10,000 rows of everything.
    for (const rows of [10, 10_000]) {
      const r = spawnSync(bin("tsx"), ["bench/handlers.ts", pg.url, String(rows)], {
        cwd: root,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "inherit"],
      });
      const line = r.stdout.split("\n").find((l) => l.startsWith("BENCH_JSON "));
      if (!line) throw new Error(`handler bench at ${rows} rows failed`);
      all.push(...(JSON.parse(line.slice(11)) as HandlerFigure[]));
    }
    sections.push(
      "## Handler times, in-process against PostgreSQL (100 calls each)\n\n" + handlersTable(all),
    );
  }

  if (!skip.has("leads")) {
    console.log("Leads list and search at 100,000 leads against PostgreSQL...");
    const r = spawnSync(bin("tsx"), ["bench/leads.ts", pg.url], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const line = r.stdout.split("\n").find((l) => l.startsWith("BENCH_JSON "));
    if (!line) throw new Error("leads bench failed");
    const figures = JSON.parse(line.slice(11)) as LeadsFigure[];
    sections.push(leadsSection(figures));
    problems.push(...leadsProblems(figures));
    writeReport(false);
  }

  if (!skip.has("load")) {
    console.log("Load: 50 writers, 10 readers, 30 s...");
    const admin = await createPgDb(pg.url, 1);
    await admin.query("CREATE DATABASE bench_load");
    await admin.close();
    const u = new URL(pg.url);
    u.pathname = "/bench_load";
    const db = await createPgDb(u.toString());
    await migrate(db);
    await seed(db);
    const dataDir = path.join(tmp, "load");
    const server = await startServer(4481, {
      DATABASE_URL: u.toString(),
      DATA_DIR: dataDir,
      RATE_LIMITS: "off",
    });
    try {
      const r = await runLoad({
        baseUrl: "http://localhost:4481",
        db,
        outboxDir: path.join(dataDir, "outbox"),
      });
      sections.push("## Load against the local server on PostgreSQL (rate limits off)\n\n" + r.markdown);
      if (r.lost || r.duplicated || r.phantom || r.fivexx)
        problems.push(
          `load: ${r.lost} lost, ${r.duplicated} duplicated, ${r.phantom} phantom, ${r.fivexx} 5xx`,
        );
      // Every load request is valid: a refusal means the load did not test what it says.
      if (r.refused) problems.push(`load: ${r.refused} valid requests refused with a 4xx`);
    } finally {
      server.kill();
      await db.close();
    }
  }
} finally {
  pg.stop();
}

const report = writeReport(true);
console.log(`\n${report}`);
process.exit(problems.length ? 1 : 0);
