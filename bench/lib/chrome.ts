/**
 * Chromium as the benches start it (with chrome-launcher, as Lighthouse does): headless, and
 * quiet, so that nothing the browser does of its own (updates, sync, background fetches, QUIC
 * probes) lands in what a bench measures. CHROMIUM_PATH names another build.
 */
import * as chromeLauncher from "chrome-launcher";

/** The flags of the CDP client's browser and Lighthouse's. */
export const CHROME_FLAGS: readonly string[] = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export function launchChrome(
  chromeFlags: readonly string[] = CHROME_FLAGS,
): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [...chromeFlags],
  });
}
