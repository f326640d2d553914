import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (no browser downloads here) against the real local
 * server, started on a fresh data folder so every run begins from the seed.
 */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://localhost:${PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-e2e";

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
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
    {
      name: "phone",
      use: {
        ...devices["iPhone 13"],
        viewport: { width: 375, height: 812 },
        browserName: "chromium",
        defaultBrowserType: "chromium",
      },
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node_modules/.bin/tsx scripts/serve.ts`,
    url: `${baseURL}/api/get-posts`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR,
      SITE_URL: baseURL,
      RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
    },
  },
});
