/**
 * Re-encodes the pictures named on the command line, one after another, in this process, as one
 * warm function instance would, and prints the process's peak memory (resident set) and each
 * picture's time as JSON. Run as a child by bench/pictures.ts.
 */
import { readFileSync } from "node:fs";
import { toWebp } from "../src/server/platform/images/webp";

const times: number[] = [];
for (const file of process.argv.slice(2)) {
  const start = performance.now();
  await toWebp(new Uint8Array(readFileSync(file)));
  times.push(Math.round(performance.now() - start));
}
// maxRSS is in kilobytes.
console.log(JSON.stringify({ peakMb: Math.round(process.resourceUsage().maxRSS / 1024), times }));
