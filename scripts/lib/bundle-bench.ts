/**
 * The function bundles as Netlify ships them, beside an empty v2 function built in the same run
 * by the same bundler (scripts/lib/function-zips.ts): the size of each zip that Netlify's build
 * made (.netlify/functions/*.zip, by zip-it-and-ship-it) and its difference from the empty one's,
 * and its cold start: the first invocation in a fresh functions runtime (scripts/rehearse/
 * runtime.mjs: a new process that imports the bundle through Netlify's bootstrap and runs one
 * request), the median of several fresh processes, and its difference from the empty function's
 * median. The runs go round by round (every function once, then again), so a change in the
 * machine's load falls on all of them alike; the load average is sampled throughout.
 * Run by `npm run rehearse -- --bench` against the rehearsal's real parts. The table goes into
 * bench/latest.md between its own markers, leaving the rest as it is.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Manifest, ManifestFunction } from "../rehearse/edge";
import { kb, median, ms, table } from "./stats";

/** The goals (issue 35): a function's own part of its zip, beside the empty function's. */
export const OWN_ZIP_BUDGET_BYTES = 250 * 1024;
/** The on-demand pages' function (Astro's): its whole zip. */
export const SSR_ZIP_BUDGET_BYTES = 3 * 1024 * 1024;
/** A cold start's difference from the empty function's, in the same run. */
export const COLD_OVER_EMPTY_BUDGET_MS = 100;
const SSR = "ssr";

/** The functions that take pictures: why they carry the codecs (src/server/platform/images/codecs.ts). */
const CODECS =
  "the picture codecs (WebAssembly, about 340 kB zipped, loaded on the first picture; with sharp, 9.1 MB), to decode each picture in full, turn it upright and re-encode it without its EXIF and location";

/** What keeps a function over its goal, for its row (known, and why). */
export const LEFT: Record<string, string> = {
  "add-post": `${CODECS}; and the Markdown renderer, to store the post's rendering`,
  "update-post": `${CODECS}; and the Markdown renderer, to store the post's rendering`,
  "upload-post-image": CODECS,
  "proof-item-logo": CODECS,
  "update-profile": `${CODECS}; and bcryptjs with the common-password list, to change the password`,
  health:
    "its first call is a round trip to each part: the database, and storage through the AWS SDK's S3 client, which it loads then (the work it is for, not its weight)",
};
export const MARK_START = "<!-- bench:bundles -->";
export const MARK_END = "<!-- /bench:bundles -->";

export interface BundleFigure {
  name: string;
  zipBytes: number;
  /** Importing the bundle (Netlify's bootstrap and the function's module graph), median. */
  initMs: number;
  /** The whole first invocation, import included: the median of `coldRuns`. */
  coldMs: number;
  /** Each fresh process's first invocation, in the order run. */
  coldRuns: number[];
  request: string;
  status: number;
}

export interface LoadFigures {
  cores: number;
  /** os.loadavg()[0] (the 1-minute load average), sampled every few seconds during the runs. */
  samples: number[];
}

export interface BundleBench {
  empty: BundleFigure;
  figures: BundleFigure[];
  runs: number;
  load: LoadFigures;
}

/** A request path for a function's first route: parameters and wildcards filled with "1". */
export function samplePath(fn: ManifestFunction): string {
  const pattern = fn.routes?.[0]?.pattern ?? `/.netlify/functions/${fn.name}`;
  return pattern.replace(/:\w+/g, "1").replace(/\*/g, "1");
}

/** Where a set of bundles lies: their zips, unpacked into a task root, and their manifest. */
export interface BundleSet {
  manifest: Manifest;
  manifestFile: string;
  taskRoot: string;
  functionsDir: string;
}

export interface ColdStartOptions {
  runtimeScript: string;
  env: Record<string, string>;
  port: number;
  origin: string;
}

interface ColdRun {
  ms: number;
  initMs: number;
  status: number;
  request: string;
}

/** One function in a runtime of its own: starts it, calls it once, reads the runtime's figures. */
async function coldStart(fn: ManifestFunction, set: BundleSet, o: ColdStartOptions): Promise<ColdRun> {
  const child = spawn(
    process.execPath,
    [
      o.runtimeScript,
      "--task-root",
      set.taskRoot,
      "--manifest",
      set.manifestFile,
      "--port",
      String(o.port),
      "--origin",
      o.origin,
      "--only",
      fn.name,
    ],
    { cwd: set.taskRoot, env: o.env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: string[] = [];
  let onLine: () => void = () => {};
  child.stdout.on("data", (d: Buffer) => {
    lines.push(...d.toString().split("\n").filter(Boolean));
    onLine();
  });
  child.stderr.on("data", () => {});
  const waitFor = (test: (l: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${fn.name}: no answer from the runtime`)), 60_000);
      onLine = () => {
        const hit = lines.find(test);
        if (hit) {
          clearTimeout(timer);
          resolve(hit);
        }
      };
      onLine();
    });
  try {
    await waitFor((l) => l.includes('"ready":true'));
    const request = samplePath(fn);
    const res = await fetch(`http://127.0.0.1:${o.port}${request}`, {
      headers: { "x-rehearse-function": fn.name },
    });
    await res.arrayBuffer();
    const figure = JSON.parse(await waitFor((l) => l.includes(`"fn":"${fn.name}"`))) as {
      ms: number;
      initMs?: number;
      status: number;
    };
    return { ms: figure.ms, initMs: figure.initMs ?? 0, status: figure.status, request: `GET ${request}` };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

/**
 * Every function of `site` and the empty function of `empty`, `runs` rounds of one fresh
 * runtime each; figures sorted by zip size, largest first.
 */
export async function benchBundles(
  site: BundleSet,
  empty: BundleSet,
  o: ColdStartOptions,
  runs = 5,
  onRound?: (round: number) => void,
): Promise<BundleBench> {
  const emptyFn = empty.manifest.functions[0];
  if (!emptyFn) throw new Error("the empty function's manifest lists no function");
  const all: { fn: ManifestFunction; set: BundleSet }[] = [
    { fn: emptyFn, set: empty },
    ...site.manifest.functions.map((fn) => ({ fn, set: site })),
  ];
  const results = new Map<string, ColdRun[]>(all.map(({ fn }) => [fn.name, []]));
  const load: LoadFigures = { cores: os.cpus().length, samples: [os.loadavg()[0]!] };
  const sampler = setInterval(() => load.samples.push(os.loadavg()[0]!), 5_000);
  try {
    for (let round = 1; round <= runs; round++) {
      for (const { fn, set } of all) results.get(fn.name)!.push(await coldStart(fn, set, o));
      onRound?.(round);
    }
  } finally {
    clearInterval(sampler);
    load.samples.push(os.loadavg()[0]!);
  }
  const figure = ({ fn, set }: (typeof all)[number]): BundleFigure => {
    const r = results.get(fn.name)!;
    return {
      name: fn.name,
      zipBytes: statSync(path.join(set.functionsDir, `${fn.name}.zip`)).size,
      initMs: median(r.map((x) => x.initMs)),
      coldMs: median(r.map((x) => x.ms)),
      coldRuns: r.map((x) => x.ms),
      request: r[0]!.request,
      // The last run's status (they agree: each run is the same request to a fresh runtime).
      status: r.at(-1)!.status,
    };
  };
  return {
    empty: figure(all[0]!),
    figures: all
      .slice(1)
      .map(figure)
      .sort((a, b) => b.zipBytes - a.zipBytes),
    runs,
    load,
  };
}

const signedKb = (bytes: number) => `${bytes >= 0 ? "+" : "−"}${kb(Math.abs(bytes))}`;
const signedMs = (v: number) => `${v >= 0 ? "+" : "−"}${ms(Math.abs(v))}`;

export function bundlesMarkdown(bench: BundleBench, when: string): string {
  const { empty, figures, runs, load } = bench;
  const within = (f: BundleFigure) =>
    (f.name === SSR
      ? f.zipBytes < SSR_ZIP_BUDGET_BYTES
      : f.zipBytes - empty.zipBytes <= OWN_ZIP_BUDGET_BYTES) &&
    f.coldMs - empty.coldMs <= COLD_OVER_EMPTY_BUDGET_MS;
  const over = figures.filter((f) => !within(f));
  const sorted = [...load.samples].sort((a, b) => a - b);
  const row = (f: BundleFigure, isEmpty: boolean) => [
    isEmpty ? `\`${f.name}\` (empty v2 function)` : f.name,
    kb(f.zipBytes),
    isEmpty ? "-" : signedKb(f.zipBytes - empty.zipBytes),
    ms(f.initMs),
    ms(f.coldMs),
    isEmpty ? "-" : signedMs(f.coldMs - empty.coldMs),
    `${Math.min(...f.coldRuns)}-${Math.max(...f.coldRuns)} ms`,
    f.request,
    String(f.status),
    isEmpty ? "-" : within(f) ? "yes" : `**no**${LEFT[f.name] ? `: ${LEFT[f.name]}` : ""}`,
  ];
  return [
    `## Function bundles as Netlify builds them, beside an empty function (zip-it-and-ship-it; goals: a function's own part at most ${kb(OWN_ZIP_BUDGET_BYTES)}, the SSR function under ${kb(SSR_ZIP_BUDGET_BYTES)} zipped, a cold start at most ${COLD_OVER_EMPTY_BUDGET_MS} ms over the empty function's)`,
    "",
    `Measured ${when} UTC with \`npm run rehearse -- --bench\`: each zip from Netlify's own build (@netlify/build, offline), and its first invocation in a fresh functions runtime (a new process imports the bundle through Netlify's bootstrap and answers one request, against PostgreSQL through Neon's driver, s3rver and aws-ses-v2-local), ${runs} fresh processes per function, round by round. The first row is an empty v2 function (\`export default async () => new Response("ok")\`, path \`/api/__empty\`) zipped by the same bundler in a temp folder in the same run and run the same way: "− empty" is what a function's own code costs.`,
    "",
    `Machine load during the runs: 1-minute load average ${sorted[0]!.toFixed(2)} to ${sorted.at(-1)!.toFixed(2)} (median ${median(sorted).toFixed(2)}, ${sorted.length} samples) on ${load.cores} cores. A load above the core count slows every cold start; compare a function with the empty row of the same run, not across runs.`,
    "",
    table(
      [
        "function",
        "zip",
        "zip − empty",
        "import (median)",
        `cold start (median of ${runs})`,
        "cold − empty",
        "cold start range",
        "request",
        "status",
        "within goal (or what is left, and why)",
      ],
      [row(empty, true), ...figures.map((f) => row(f, false))],
    ),
    "",
    over.length
      ? `Over the goal: ${over.length} of ${figures.length} (${over.map((f) => f.name).join(", ")}).`
      : `All ${figures.length} bundles within the goal.`,
  ].join("\n");
}

/** Puts the section into bench/latest.md between its markers (appended the first time). */
export function writeBundlesSection(root: string, markdown: string) {
  const file = path.join(root, "bench", "latest.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Speed report\n";
  const section = `${MARK_START}\n\n${markdown}\n\n${MARK_END}`;
  const a = current.indexOf(MARK_START);
  const b = current.indexOf(MARK_END);
  const next =
    a >= 0 && b > a
      ? `${current.slice(0, a)}${section}${current.slice(b + MARK_END.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

/** The section as it stands in a report, for a full bench run to carry over. */
export function bundlesSectionOf(report: string): string | undefined {
  const a = report.indexOf(MARK_START);
  const b = report.indexOf(MARK_END);
  return a >= 0 && b > a ? report.slice(a, b + MARK_END.length) : undefined;
}
