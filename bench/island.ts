/**
 * The contact form island on a phone: the page is loaded, then the form is brought into view and
 * timed from the moment it enters the view until it is ready (the island's effect sets `data-ready`
 * on the form: hydrated, handlers attached), with the script bytes fetched from the first scroll.
 * Two ways of getting there, each on fresh pages:
 *   - "scroll": the page is scrolled down to the form at SCROLL_SPEED px/s (Chromium's
 *     synthesized scroll gesture, through its input pipeline), as a visitor reaches it;
 *   - "jump": the form is scrolled into view at once (scrollIntoView, as a link to it would), so
 *     nothing can be fetched on the way.
 * Chromium through playwright-core, emulated with CDP like a mid-range phone on a slow
 * connection: 4x CPU slowdown, 150 ms round trips, 1.6 Mbps down, 750 kbps up, a 390 px wide
 * screen.
 *
 * Alone: `npm run bench -- --only=island` (the build, then this part).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { islandChunks } from "../scripts/lib/island-bytes";
import { PHONE, throttlePage } from "./lib/cdp";
import { kb, median, table } from "./lib/stats";

export const ISLAND_PAGE = "/contact";
/** The goals of issue 35: ready within 0.8 s of scrolling into view, at most 90 kB gzip of script. */
export const ISLAND_READY_BUDGET_MS = 800;
export const ISLAND_GZIP_BUDGET = 90 * 1024;
export const MARK_START = "<!-- bench:island -->";
export const MARK_END = "<!-- /bench:island -->";

/** How fast the page is scrolled down to the form: an unhurried scroll down a phone page. */
export const SCROLL_SPEED = 1500;

export type IslandWay = "scroll" | "jump";
export const ISLAND_WAYS: Record<IslandWay, string> = {
  scroll: `the visitor scrolls down to the form (${SCROLL_SPEED} px/s)`,
  jump: "the form is scrolled into view at once (scrollIntoView)",
};

export interface IslandRun {
  way: IslandWay;
  /** From the form entering the view to its being ready. */
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
  const html = readFileSync(path.join(distDir, "contact", "index.html"), "utf8");
  const chunks = islandChunks(distDir, html, "ContactForm");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
  const out: IslandRun[] = [];
  try {
    // Round by round, one page each way, so a change in the machine's load falls on both alike.
    for (let i = 0; i < runs; i++)
      for (const way of Object.keys(ISLAND_WAYS) as IslandWay[]) {
        const context = await browser.newContext({
          viewport: { width: PHONE.viewport.width, height: PHONE.viewport.height },
          deviceScaleFactor: PHONE.viewport.deviceScaleFactor,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await throttlePage(cdp, PHONE);
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
        // Strings, not functions: tsx would wrap named functions in a helper the page lacks.
        // The clock starts when the form enters the view, and stops when it is ready.
        await page.evaluate(`(() => {
          const island = document.querySelector("astro-island[component-url*='ContactForm']");
          const form = island.querySelector("form");
          window.__island = new Promise((resolve) => {
            let inView;
            new IntersectionObserver((entries, o) => {
              const entry = entries.find((e) => e.isIntersecting);
              if (!entry) return;
              inView = entry.time;
              o.disconnect();
            }).observe(form);
            new MutationObserver((_, o) => {
              if (!island.querySelector("form[data-ready]")) return;
              o.disconnect();
              resolve(performance.now() - inView);
            }).observe(island, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
          });
        })()`);
        if (way === "jump") {
          // The island itself has no box (display: contents): scroll its form.
          await page.evaluate(
            `document.querySelector("astro-island[component-url*='ContactForm'] form").scrollIntoView({ block: "start" })`,
          );
        } else {
          const top = (await page.evaluate(
            `document.querySelector("astro-island[component-url*='ContactForm'] form").getBoundingClientRect().top`,
          )) as number;
          await cdp.send("Input.synthesizeScrollGesture", {
            x: 195,
            y: 600,
            yDistance: -Math.round(top - 40),
            speed: SCROLL_SPEED,
            gestureSourceType: "mouse",
          });
        }
        const readyMs = (await page.evaluate("window.__island")) as number;
        // Whatever the island still fetches on its own (without the visitor touching it) counts too.
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(1000);
        out.push({ way, readyMs, scriptBytes: bytes, scripts: scripts.size });
        await context.close();
      }
  } finally {
    await browser.close();
  }
  return { runs: out, chunks };
}

const readyOf = (f: IslandFigures, way: IslandWay) =>
  f.runs.filter((r) => r.way === way).map((r) => r.readyMs);

export function islandProblems(f: IslandFigures): string[] {
  const problems: string[] = [];
  const gzip = f.chunks.reduce((a, c) => a + c.gzip, 0);
  for (const way of Object.keys(ISLAND_WAYS) as IslandWay[]) {
    const ready = median(readyOf(f, way));
    if (ready > ISLAND_READY_BUDGET_MS)
      problems.push(
        `contact form island: ready ${ready.toFixed(0)} ms after coming into view when ${ISLAND_WAYS[way]} (goal ${ISLAND_READY_BUDGET_MS})`,
      );
  }
  if (gzip > ISLAND_GZIP_BUDGET)
    problems.push(`contact form island: ${kb(gzip)} of script, gzip (goal ${kb(ISLAND_GZIP_BUDGET)})`);
  return problems;
}

export function islandSection(f: IslandFigures): string {
  const gzip = f.chunks.reduce((a, c) => a + c.gzip, 0);
  const pages = f.runs.filter((r) => r.way === "scroll").length;
  return [
    MARK_START,
    `## Contact form island on a phone (${ISLAND_PAGE}, median of ${pages} fresh pages each way)`,
    "",
    "Chromium, CDP emulation: 4x CPU slowdown, 150 ms latency, 1.6 Mbps down, 750 kbps up, 390 px wide. " +
      "Ready: from the form entering the view until the island's effect marks the form (hydrated, handlers attached). " +
      "The island is `client:near` (src/integrations/client-near): its script is fetched once the form is within a screen of the view (every module at once, as the build lists them), and it hydrates in view; " +
      "a visitor scrolling down reaches the form with its script fetched on the way, a jump to the form fetches it from then. " +
      "Fetched: script bytes as sent by the local server (brotli) from the first scroll. " +
      "The calendar and the phone field's metadata are chunks of their own, fetched when the visitor starts on the form.",
    "",
    table(
      ["Figure", "Median", "Runs", "Goal"],
      [
        ...(Object.keys(ISLAND_WAYS) as IslandWay[]).map((way) => {
          const ready = readyOf(f, way);
          return [
            `Ready in view: ${ISLAND_WAYS[way]}`,
            `${median(ready).toFixed(0)} ms`,
            ready.map((r) => r.toFixed(0)).join(", "),
            `≤ ${ISLAND_READY_BUDGET_MS} ms`,
          ];
        }),
        [
          "Script fetched (as sent)",
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
