/**
 * Chromium as the benches start it with chrome-launcher (as Lighthouse does): headless, with the
 * quiet flags of the end-to-end tests (scripts/lib/chromium.ts).
 */
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/lib/chromium";

/** The flags of the CDP client's browser and Lighthouse's. */
export const CHROME_FLAGS: readonly string[] = ["--headless=new", ...CHROMIUM_ARGS];

export function launchChrome(
  chromeFlags: readonly string[] = CHROME_FLAGS,
): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: [...chromeFlags] });
}
