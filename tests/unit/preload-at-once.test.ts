/** The modulepreload links of a page whose island starts at once (src/integrations/preload-at-once.ts). */
import { describe, expect, it } from "vitest";
import { withPreloads } from "../../src/integrations/preload-at-once";

const page = `<!doctype html><html><head><title>Dashboard</title></head><body></body></html>`;

describe("modulepreload links", () => {
  it("go into the head, once each, with & escaped", () => {
    const out = withPreloads(page, ["/_astro/a.js", "/_astro/b.js?dpl=1&x=2"]);
    expect(out).toBe(
      `<!doctype html><html><head><title>Dashboard</title>` +
        `<link rel="modulepreload" href="/_astro/a.js">` +
        `<link rel="modulepreload" href="/_astro/b.js?dpl=1&amp;x=2">` +
        `</head><body></body></html>`,
    );
    expect(withPreloads(out, ["/_astro/a.js", "/_astro/b.js?dpl=1&x=2"])).toBe(out);
  });

  it("leave a page with none as it is", () => {
    expect(withPreloads(page, [])).toBe(page);
  });
});
