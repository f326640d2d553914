/**
 * Debian's Chromium as the end-to-end tests and the benches start it (no browser downloads here;
 * CHROMIUM_PATH names another build). The flags keep the browser quiet, so that nothing it does
 * of its own (updates, sync, background fetches, QUIC probes) lands in what a test or bench sees.
 */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
