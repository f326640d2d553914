import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./scripts/lib/chromium";

/**
 * End-to-end tests drive Debian's Chromium (no browser downloads here) against the real local
 * server, started on a fresh data folder so every run begins from the seed.
 */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://localhost:${PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-e2e";
/**
 * The serial projects (below) fill the site or take its mail away: they have a server and a data
 * folder of their own, on the same build, so they run beside the others instead of after them.
 */
const SERIAL_PORT = Number(process.env.E2E_SERIAL_PORT ?? PORT + 1);
const SERIAL_DATA_DIR = `${DATA_DIR}-serial`;

export const launchOptions = {
  executablePath: chromiumPath(),
  args: [...CHROMIUM_ARGS],
};

/** Specs of the projects that run alone, after the others (below). */
const SERIAL = /serial\//;

/**
 * Every spec runs at desktop width. At phone width run only what checks the layout: these specs,
 * whose subject is the page's layout at each width (layout shifts, the first-use screens, what
 * stands in for a missing picture), and in any other spec a test whose title names an axe check or
 * is tagged @layout (the marketing pages' sections and header; of the carousels, whose spec sets
 * each width itself, the real touch swipe).
 */
const LAYOUT_SPECS = [
  "layout.spec.ts",
  "missing-image.spec.ts",
  "first-visit.spec.ts",
  "dashboard-first-use.spec.ts",
  "roles.spec.ts",
  "site-content.spec.ts",
];
const LAYOUT_TESTS = new RegExp(`(^|[\\s/])(${LAYOUT_SPECS.join("|").replace(/\./g, "\\.")})\\b|axe|@layout`);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  // Three workers on two cores: a test spends part of its time waiting on the server and the
  // browser, so a third keeps the cores busy (the whole suite, same machine, one after the other:
  // 8.0 min with two, 7.5 with three).
  workers: 3,
  // One retry in CI: a busy shared runner can miss a time limit.
  retries: process.env.CI ? 1 : 0,
  // Generous limits: the suite must pass on a busy 2-core machine too; speed is measured by the bench.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL,
    // A trace records every step (DOM snapshots, screenshots) and triples the run time: only a
    // retried test records one, which is when it is needed.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    // What must see the seed alone (the pages' weight in bytes) runs first, before any spec adds
    // posts or comments to the pages it weighs.
    {
      name: "seed",
      testMatch: /serial\/first-round-trip\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      testIgnore: SERIAL,
      dependencies: ["seed"],
      grep: LAYOUT_TESTS,
      use: {
        ...devices["iPhone 13"],
        viewport: { width: 375, height: 812 },
        browserName: "chromium",
        defaultBrowserType: "chromium",
      },
    },
    {
      name: "desktop",
      testIgnore: SERIAL,
      dependencies: ["seed"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    // Specs that fill the site with a busy volume of content, or take the mail outbox away: what
    // they do would change what the others see, so they talk to a server of their own, one after
    // the other, while the others run.
    {
      name: "busy",
      testMatch: /serial\/busy-site\.spec\.ts/,
      metadata: { dataDir: SERIAL_DATA_DIR },
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://localhost:${SERIAL_PORT}`,
      },
    },
    {
      name: "mail-outage",
      testMatch: /serial\/mail-outage\.spec\.ts/,
      dependencies: ["busy"],
      metadata: { dataDir: SERIAL_DATA_DIR },
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://localhost:${SERIAL_PORT}`,
      },
    },
  ],
  webServer: [localServer(PORT, DATA_DIR), localServer(SERIAL_PORT, SERIAL_DATA_DIR)],
});

/** The local server on a fresh copy of the seed, as the suite starts it (extra settings in `env`). */
export function localServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  const url = `http://localhost:${port}`;
  return {
    command: `rm -rf ${dataDir} && node_modules/.bin/tsx scripts/serve.ts`,
    url: `${url}/api/get-posts`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: url,
      RATE_LIMITS: "off",
      // A request may name the moment it is judged at (src/server/platform/clock.ts).
      TEST_CLOCK: "on",
      LOG_LEVEL: "warn",
      ...env,
    },
  };
}
