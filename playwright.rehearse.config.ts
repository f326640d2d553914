import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./playwright.config";

/**
 * The production rehearsal's flows (tests/rehearse). `npm run rehearse` builds the site the way
 * Netlify does, starts the bundles and the real parts, and then runs this configuration against
 * them; it passes the addresses and the first account in REHEARSE_* variables.
 */
export default defineConfig({
  testDir: "tests/rehearse",
  outputDir: "test-results/rehearse/playwright",
  // One browser at a time: the runtime, the database and the browser share two cores.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL: process.env.REHEARSE_ORIGIN ?? "http://localhost:4421",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
  },
});
