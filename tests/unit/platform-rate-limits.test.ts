/**
 * Netlify's own rate limit, before the function: every public write endpoint (a contract anyone
 * may call, or only with the privacy page's cookie, with a method that changes something) has a
 * `rateLimit` in its function file's `config` literal, counted per client address and site by
 * Netlify's edge, so a flood is turned away without a function run or a database write. The
 * database's per-address counters (src/server/common/policies.ts) stay the exact limits behind it.
 * Netlify's bundler reads `config` statically: it must stay a literal in each file.
 */
import { describe, expect, it } from "vitest";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { PUBLIC_WRITES, functionConfigs as files, rateLimitOf } from "../helpers/function-config";

describe("Netlify's rate limits before the function", () => {
  it("finds the public write endpoints in the contracts", () => {
    const paths = PUBLIC_WRITES.map((c) => c.path);
    for (const p of [
      "/api/submit",
      "/api/add-comment",
      "/api/report-comment",
      "/api/login",
      "/api/privacy/erase",
    ])
      expect(paths).toContain(p);
  });

  it.each(PUBLIC_WRITES.map((c) => ({ endpoint: `${c.method} ${c.path}`, path: c.path })))(
    "$endpoint has a rateLimit in its function's config, per address and site",
    ({ path: p }) => {
      const file = files.find((f) => f.paths.includes(p));
      expect(file, p).toBeDefined();
      const limit = rateLimitOf(file!.config);
      expect(limit, `${file!.name}.ts: config.rateLimit`).toBeDefined();
      expect(limit!.aggregateBy.sort()).toEqual(["domain", "ip"]);
      // Netlify's windows are 1 to 180 seconds.
      expect(limit!.windowSize).toBeGreaterThanOrEqual(1);
      expect(limit!.windowSize).toBeLessThanOrEqual(180);
      expect(limit!.windowLimit).toBeGreaterThan(0);
    },
  );

  it("is a first, loose line: never stricter than the exact limit in the database", () => {
    // The database allows at most this many in a burst; the edge must let at least as many by.
    const largest = Math.max(...Object.values(CLIENT_LIMITS).map((l) => l.max));
    for (const f of files) {
      const limit = rateLimitOf(f.config);
      if (limit) expect(limit.windowLimit, f.name).toBeGreaterThanOrEqual(largest);
    }
  });
});
