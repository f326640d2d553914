/**
 * The function bundles as Netlify ships them: the size of each zip that Netlify's build made
 * (.netlify/functions/*.zip, by zip-it-and-ship-it), and its cold start: the first invocation in
 * a fresh functions runtime (scripts/rehearse/runtime.mjs: a new process that imports the bundle
 * and runs one request), measured by `npm run rehearse -- --bench` against the rehearsal's real
 * parts. The table goes into bench/latest.md between its own markers, leaving the rest as it is.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Manifest, ManifestFunction } from "../scripts/rehearse/edge";
import { kb, ms, table } from "./lib/stats";

export const ZIP_BUDGET_BYTES = 1024 * 1024;
export const COLD_START_BUDGET_MS = 300;
export const MARK_START = "<!-- bench:bundles -->";
export const MARK_END = "<!-- /bench:bundles -->";

export interface BundleFigure {
  name: string;
  zipBytes: number;
  /** Importing the bundle (Netlify's bootstrap and the function's module graph). */
  initMs: number;
  /** The whole first invocation, import included. */
  coldMs: number;
  request: string;
  status: number;
}

/** A request path for a function's first route: parameters and wildcards filled with "1". */
export function samplePath(fn: ManifestFunction): string {
  const pattern = fn.routes?.[0]?.pattern ?? `/.netlify/functions/${fn.name}`;
  return pattern.replace(/:\w+/g, "1").replace(/\*/g, "1");
}

export interface ColdStartOptions {
  runtimeScript: string;
  taskRoot: string;
  manifestFile: string;
  env: Record<string, string>;
  port: number;
  origin: string;
  functionsDir: string;
}

/** One function in a runtime of its own: starts it, calls it once, reads the runtime's figures. */
async function coldStart(fn: ManifestFunction, o: ColdStartOptions): Promise<BundleFigure> {
  const child = spawn(
    process.execPath,
    [
      o.runtimeScript,
      "--task-root",
      o.taskRoot,
      "--manifest",
      o.manifestFile,
      "--port",
      String(o.port),
      "--origin",
      o.origin,
      "--only",
      fn.name,
    ],
    { cwd: o.taskRoot, env: o.env, stdio: ["ignore", "pipe", "pipe"] },
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
    return {
      name: fn.name,
      zipBytes: statSync(path.join(o.functionsDir, `${fn.name}.zip`)).size,
      initMs: figure.initMs ?? 0,
      coldMs: figure.ms,
      request: `GET ${request}`,
      status: figure.status,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

export async function benchBundles(manifest: Manifest, o: ColdStartOptions): Promise<BundleFigure[]> {
  const figures: BundleFigure[] = [];
  for (const fn of manifest.functions) figures.push(await coldStart(fn, o));
  return figures.sort((a, b) => b.zipBytes - a.zipBytes);
}

export function bundlesMarkdown(figures: BundleFigure[], when: string): string {
  const over = figures.filter((f) => f.zipBytes > ZIP_BUDGET_BYTES || f.coldMs > COLD_START_BUDGET_MS);
  return [
    `## Function bundles as Netlify builds them (zip-it-and-ship-it; goal under 1 MB zipped and ${COLD_START_BUDGET_MS} ms cold start)`,
    "",
    `Measured ${when} UTC with \`npm run rehearse -- --bench\`: each zip from Netlify's own build (@netlify/build, offline), and its first invocation in a fresh functions runtime (a new process imports the bundle through Netlify's bootstrap and answers one request, against PostgreSQL through Neon's driver, s3rver and aws-ses-v2-local).`,
    "",
    table(
      ["function", "zip", "import", "first invocation (cold start)", "request", "status", "within goal"],
      figures.map((f) => [
        f.name,
        kb(f.zipBytes),
        ms(f.initMs),
        ms(f.coldMs),
        f.request,
        String(f.status),
        f.zipBytes <= ZIP_BUDGET_BYTES && f.coldMs <= COLD_START_BUDGET_MS ? "yes" : "**no**",
      ]),
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
