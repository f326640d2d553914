import { defineConfig, devices } from "@playwright/test";
import { launchOptions, localServer } from "./playwright.config";

/**
 * The Google tag and the visitor's consent, end to end: a build and a server with GOOGLE_TAG_ID set
 * (the main suite's build has none, as a site without analytics must ship no tag code at all).
 * scripts/test.mjs makes this build before the main one, with TAG_BUILD_ENV: it also changes a
 * retention lifetime from its default, so the privacy notice is seen to follow the settings.
 */
export const TAG_ID = "G-TEST123";
export const TAG_BUILD_ENV = { GOOGLE_TAG_ID: TAG_ID, RETENTION_LEAD_DAYS: "1000" } as const;
const PORT = Number(process.env.E2E_TAG_PORT ?? 4398);

export default defineConfig({
  testDir: "tests/e2e-analytics",
  outputDir: "test-results/e2e-analytics",
  // Each test has a browser context of its own (its own consent cookie): they run side by side.
  fullyParallel: true,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json"]],
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    baseURL: `http://localhost:${PORT}`,
    launchOptions,
  },
  webServer: localServer(PORT, ".data-e2e-tag", { ...TAG_BUILD_ENV }),
});
