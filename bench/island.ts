/**
 * The contact form island on a phone: the page is loaded, then the form is scrolled into view and
 * timed until it is ready (the island's effect sets `data-ready` on the form: hydrated, handlers
 * attached), with the script bytes fetched after the scroll. Chromium through playwright-core,
 * emulated with CDP like a mid-range phone on a slow connection: 4x CPU slowdown, 150 ms round
 * trips, 1.6 Mbps down, 750 kbps up, a 390 px wide screen. A fresh page for each of 5 runs.
 *
 * Alone: `npm run bench -- --only=island` (the build, then this part).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { islandChunks } from "../scripts/lib/island-bytes";
import { kb, median, table } from "./lib/stats";

export const ISLAND_PAGE = "/contact%20us";
/** The goals of issue 35: ready within 0.8 s of scrolling into view, at most 90 kB gzip of script. */
export const ISLAND_READY_BUDGET_MS = 800;
export const ISLAND_GZIP_BUDGET = 90 * 1024;
export const MARK_START = "<!-- bench:island -->";
export const MARK_END = "<!-- /bench:island -->";

export interface IslandRun {
  readyMs: number;
  /** Script bytes as sent (the local server compresses like the CDN: brotli) after the scroll. */
  scriptBytes: number;
  scripts: number;
}
export interface IslandFigures {
  runs: IslandRun[];
  /** The island's modules on first use, gzip -9 of the built files (scripts/lib/island-bytes.ts). */
  chunks: { file: string; gzip: number }[];
}

export async function benchIsland(baseUrl: string, distDir: string, runs = 5): Promise<IslandFigures> {
  const html = readFileSync(path.join(distDir, "contact us", "index.html"), "utf8");
  const chunks = islandChunks(distDir, html, "ContactForm");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
  const out: IslandRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: 200_000,
        uploadThroughput: 93_750,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      let counting = false;
      const scripts = new Set<string>();
      let bytes = 0;
      cdp.on("Network.responseReceived", (e) => {
        if (counting && e.type === "Script") scripts.add(e.requestId);
      });
      cdp.on("Network.loadingFinished", (e) => {
        if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
      });
      await page.goto(`${baseUrl}${ISLAND_PAGE}`, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      if (await page.locator("form[data-ready]").count())
        throw new Error("the form was ready before the scroll");
      counting = true;
      // A string, not a function: tsx would wrap named functions in a helper the page lacks.
      const readyMs = (await page.evaluate(`new Promise((resolve) => {
        const island = document.querySelector("astro-island[component-url*='ContactForm']");
        const t0 = performance.now();
        new MutationObserver((_, o) => {
          if (!island.querySelector("form[data-ready]")) return;
          resolve(performance.now() - t0);
          o.disconnect();
        }).observe(island, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
        // The island itself has no box (display: contents): scroll its form.
        island.querySelector("form").scrollIntoView({ block: "start" });
      })`)) as number;
      // Whatever the island still fetches on its own (without the visitor touching it) counts too.
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(1000);
      out.push({ readyMs, scriptBytes: bytes, scripts: scripts.size });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { runs: out, chunks };
}

export function islandProblems(f: IslandFigures): string[] {
  const problems: string[] = [];
  const ready = median(f.runs.map((r) => r.readyMs));
  const gzip = f.chunks.reduce((a, c) => a + c.gzip, 0);
  if (ready > ISLAND_READY_BUDGET_MS)
    problems.push(
      `contact form island: ready ${ready.toFixed(0)} ms after the scroll (goal ${ISLAND_READY_BUDGET_MS})`,
    );
  if (gzip > ISLAND_GZIP_BUDGET)
    problems.push(`contact form island: ${kb(gzip)} of script, gzip (goal ${kb(ISLAND_GZIP_BUDGET)})`);
  return problems;
}

export function islandSection(f: IslandFigures): string {
  const ready = f.runs.map((r) => r.readyMs);
  const gzip = f.chunks.reduce((a, c) => a + c.gzip, 0);
  return [
    MARK_START,
    `## Contact form island on a phone (${ISLAND_PAGE}, median of ${f.runs.length} fresh pages)`,
    "",
    "Chromium, CDP emulation: 4x CPU slowdown, 150 ms latency, 1.6 Mbps down, 750 kbps up, 390 px wide. " +
      "Ready: from scrolling the form into view until the island's effect marks the form (hydrated, handlers attached). " +
      "Fetched: script bytes as sent by the local server (brotli) after the scroll. " +
      "The calendar and the phone field's metadata are chunks of their own, fetched when the visitor starts on the form.",
    "",
    table(
      ["Figure", "Median", "Runs", "Goal"],
      [
        [
          "Ready after scroll",
          `${median(ready).toFixed(0)} ms`,
          ready.map((r) => r.toFixed(0)).join(", "),
          `≤ ${ISLAND_READY_BUDGET_MS} ms`,
        ],
        [
          "Script fetched after scroll (as sent)",
          kb(median(f.runs.map((r) => r.scriptBytes))),
          f.runs.map((r) => `${kb(r.scriptBytes)} (${r.scripts} files)`).join(", "),
          "",
        ],
        [
          "Island's script, gzip -9 of the built files",
          kb(gzip),
          `${f.chunks.length} files`,
          `≤ ${kb(ISLAND_GZIP_BUDGET)}`,
        ],
      ],
    ),
    "",
    table(
      ["Module (dist/_astro)", "gzip"],
      [...f.chunks]
        .sort((a, b) => b.gzip - a.gzip)
        .map((c) => [c.file.replace(/\.[\w-]{8}\.js$/, ".js"), kb(c.gzip)]),
    ),
    MARK_END,
  ].join("\n");
}

/** The island section of a report, to carry over when this part was not run. */
export function islandSectionOf(report: string): string | undefined {
  const a = report.indexOf(MARK_START);
  const b = report.indexOf(MARK_END);
  return a >= 0 && b > a ? report.slice(a, b + MARK_END.length) : undefined;
}
