import { test } from "@playwright/test";

/**
 * The data folder of the server the running test talks to: its project's (playwright.config.ts
 * gives the serial projects a server and a folder of their own), read while a test runs.
 */
export function e2eDataDir(): string {
  const own = (test.info().project.metadata as { dataDir?: string } | undefined)?.dataDir;
  return own ?? process.env.E2E_DATA_DIR ?? ".data-e2e";
}
