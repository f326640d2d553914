/**
 * The dashboard's weight: script fetched before the first screen answers, and the time from the
 * navigation until that screen is usable, on a laptop and on a phone emulation.
 *
 * Chromium through playwright-core, signed in as the root admin (the seed's demo account), each
 * run a fresh context (no cache). "Usable": the screen's heading is shown and nothing in the screen
 * says "Loading" any more (its data is in). Script: the transfer size (compressed, as the local
 * server sends it: brotli, headers included) of every script and module preload that finished
 * before that moment (Resource Timing). Emulation through CDP:
 *   - laptop: 1280 px wide, no CPU slowdown, 40 ms round trips, 10 Mbps down;
 *   - phone: 390 px wide, 4x CPU slowdown, 150 ms round trips, 1.6 Mbps down (as bench/island.ts).
 *
 * Alone: `npm run bench -- --only=dashboard`.
 */
import { chromium, type Browser } from "playwright-core";
import { LOCAL_DEMO_ADMIN } from "../scripts/seed/demo-accounts";
import { LAPTOP, PHONE, throttlePage, type Throttling } from "./lib/cdp";
import { kb, median, table } from "./lib/stats";

export const DASHBOARD_GZIP_BUDGET = 120 * 1024;
export const DASHBOARD_PHONE_USABLE_MS = 1500;
export const MARK_START = "<!-- bench:dashboard -->";
export const MARK_END = "<!-- /bench:dashboard -->";

export const DEVICES: Readonly<Record<"laptop" | "phone", Throttling>> = { laptop: LAPTOP, phone: PHONE };
export type Device = keyof typeof DEVICES;

/** The screens measured: the overview (every role's first screen) and the leads inbox. */
export const DASHBOARD_PAGES = ["/dashboard", "/dashboard/leads"] as const;

export interface DashboardRun {
  device: Device;
  path: string;
  usableMs: number;
  scriptBytes: number;
  scripts: number;
}

async function oneRun(browser: Browser, base: string, device: Device, path: string): Promise<DashboardRun> {
  const d = DEVICES[device];
  // The page at the device's width and height (its CSS pixels at 1x, as measured so far).
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: d.viewport.width, height: d.viewport.height },
    isMobile: d.viewport.mobile,
    hasTouch: d.viewport.mobile,
  });
  try {
    const login = await context.request.post("/api/login", { data: LOCAL_DEMO_ADMIN });
    if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttlePage(cdp, d);
    // Watches from the first frame: the moment the screen is usable, on the page's own clock.
    // (A string: tsx would wrap a named function in a helper the page does not have.)
    await page.addInitScript(`(() => {
      const check = () => {
        const content = document.querySelector(".dash-content");
        if (content?.querySelector("h1") && !/Loading/.test(content.textContent ?? "")) {
          window.usableAt = performance.now();
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })()`);
    await page.goto(path);
    await page
      .waitForFunction(() => (window as unknown as { usableAt?: number }).usableAt !== undefined, null, {
        timeout: 60_000,
      })
      .catch(async (e: Error) => {
        const shown = await page.evaluate(() => document.body.innerText.slice(0, 300));
        throw new Error(`${path} on the ${device} never became usable (${e.message}); it shows: ${shown}`);
      });
    return await page.evaluate(
      ({ device, path }) => {
        const usableMs = (window as unknown as { usableAt: number }).usableAt;
        const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
          (e) => /\.m?js(\?|$)/.test(new URL(e.name).pathname) && e.responseEnd <= usableMs,
        );
        return {
          device,
          path,
          usableMs,
          scriptBytes: scripts.reduce((n, e) => n + e.transferSize, 0),
          scripts: scripts.length,
        };
      },
      { device, path },
    );
  } finally {
    await context.close();
  }
}

export async function benchDashboard(base: string, runs = 5): Promise<DashboardRun[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const out: DashboardRun[] = [];
  try {
    for (let i = 0; i < runs; i++)
      for (const device of Object.keys(DEVICES) as Device[])
        for (const path of DASHBOARD_PAGES) out.push(await oneRun(browser, base, device, path));
  } finally {
    await browser.close();
  }
  return out;
}

const group = (runs: DashboardRun[], device: Device, path: string) =>
  runs.filter((r) => r.device === device && r.path === path);

export function dashboardProblems(runs: DashboardRun[]): string[] {
  const problems: string[] = [];
  for (const path of DASHBOARD_PAGES) {
    const phone = group(runs, "phone", path);
    const bytes = median(phone.map((r) => r.scriptBytes));
    const usable = median(phone.map((r) => r.usableMs));
    if (bytes > DASHBOARD_GZIP_BUDGET)
      problems.push(`dashboard ${path}: ${kb(bytes)} of script before usable > ${kb(DASHBOARD_GZIP_BUDGET)}`);
    if (usable > DASHBOARD_PHONE_USABLE_MS)
      problems.push(
        `dashboard ${path}: usable after ${Math.round(usable)} ms on the phone > ${DASHBOARD_PHONE_USABLE_MS} ms`,
      );
  }
  return problems;
}

export function dashboardSection(runs: DashboardRun[], note = ""): string {
  const rows = DASHBOARD_PAGES.flatMap((path) =>
    (Object.keys(DEVICES) as Device[]).map((device) => {
      const mine = group(runs, device, path);
      const usable = median(mine.map((r) => r.usableMs));
      const bytes = median(mine.map((r) => r.scriptBytes));
      return [
        path,
        device,
        `${Math.round(usable)} ms`,
        mine.map((r) => Math.round(r.usableMs)).join(", "),
        `${kb(bytes)} (${median(mine.map((r) => r.scripts))} files)`,
        device === "phone"
          ? `≤ ${DASHBOARD_PHONE_USABLE_MS} ms: ${usable <= DASHBOARD_PHONE_USABLE_MS ? "met" : "not met"}; ≤ ${kb(DASHBOARD_GZIP_BUDGET)}: ${bytes <= DASHBOARD_GZIP_BUDGET ? "met" : "not met"}`
          : `≤ ${kb(DASHBOARD_GZIP_BUDGET)}: ${bytes <= DASHBOARD_GZIP_BUDGET ? "met" : "not met"}`,
      ];
    }),
  );
  return [
    MARK_START,
    `## The dashboard's weight: first screen usable (median of ${runs.length / 4} fresh pages each)`,
    "",
    `Measured ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC. Signed in as the root admin, no cache. Usable: the screen's heading shown and nothing in it "Loading" (its data in). Script: transfer size (brotli, as sent) of the scripts finished by then. Laptop: 1280 px, no CPU slowdown, 40 ms round trips, 10 Mbps. Phone: 390 px, 4x CPU, 150 ms round trips, 1.6 Mbps. Each screen's code is its own chunk, fetched when the screen is opened (React.lazy in screens/*/index.ts).${note ? ` ${note}` : ""}`,
    "",
    table(["screen", "device", "usable (median)", "runs (ms)", "script before usable", "goal"], rows),
    MARK_END,
  ].join("\n");
}
