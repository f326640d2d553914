/**
 * Rate limits count in fixed windows aligned to the clock (src/server/common/rate-limit.ts). A
 * test that fills a window and expects the next request refused would fail if a window ended in
 * between (a 15-minute window ending while six sign-ins were checked once made the sixth a 401):
 * called first, this waits until no window of the site's limits ends within the next `marginMs`.
 */
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { DAY_SECONDS } from "../../src/server/common/rate-limit";

const WINDOWS_MS = [
  ...new Set([...Object.values(CLIENT_LIMITS).map((l) => l.windowSeconds), DAY_SECONDS]),
].map((s) => s * 1000);

/** Milliseconds until the next end of any limit's window, from `nowMs`. */
export function msToWindowEdge(nowMs: number): number {
  return Math.min(...WINDOWS_MS.map((w) => w - (nowMs % w)));
}

export async function clearOfWindowEdge(marginMs = 10_000): Promise<void> {
  const left = msToWindowEdge(Date.now());
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
