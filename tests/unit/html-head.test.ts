import { describe, expect, it } from "vitest";
import { inlineHashes } from "../../src/server/http/csp";
import islandRuntime from "astro/runtime/server/astro-island.prebuilt.js";
import { externalIslandRuntime, hoistIslandStyle } from "../../src/server/http/html-head";
import { ISLAND_LOADER_HASH, ISLAND_RUNTIME_FILE } from "../../src/components/layout/island-loader";

const RULE = "<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>";
const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>t</title>${head}</head><body>${body}</body></html>`;

describe("Astro's island style rule", () => {
  it("moves from <body> (where HTML forbids <style>) into <head>, once, with the same CSP hash", () => {
    const html = page("", `<main>${RULE}<astro-island></astro-island><div>${RULE}</div></main>`);
    const out = hoistIslandStyle(html);
    const [head, body] = out.split("</head>");
    expect(head).toContain(RULE);
    expect(body).not.toContain("<style");
    expect(out.split(RULE)).toHaveLength(2);
    expect(inlineHashes(out).styles).toEqual(inlineHashes(html).styles);
  });

  it("leaves a page without it, or with it already in <head>, as it is", () => {
    const plain = page("<style>p{color:red}</style>", "<p>hi</p>");
    expect(hoistIslandStyle(plain)).toBe(plain);
    const done = page(RULE, "<astro-island></astro-island>");
    expect(hoistIslandStyle(done)).toBe(done);
    expect(hoistIslandStyle("<p>a fragment</p>")).toBe("<p>a fragment</p>");
  });
});

describe("Astro's island runtime", () => {
  const inline = `<script>${islandRuntime}</script>`;

  it("gives way to a loader of its file (the same bytes, named by their hash), whose hash the policy lists", () => {
    const html = page(
      "",
      `<main><script>(self.Astro||(self.Astro={})).load=1</script>${inline}<astro-island></astro-island></main>`,
    );
    const out = externalIslandRuntime(html);
    expect(out).not.toContain(islandRuntime);
    expect(ISLAND_RUNTIME_FILE.path).toMatch(/^\/_astro\/astro-island\.[0-9a-f]{12}\.js$/);
    expect(ISLAND_RUNTIME_FILE.text).toBe(islandRuntime);
    const before = inlineHashes(html).scripts;
    const after = inlineHashes(out).scripts;
    expect(after).toHaveLength(before.length);
    expect(after).toContain(`'${ISLAND_LOADER_HASH}'`);
    const loader = /<script>([^<]*)<\/script><astro-island>/.exec(out)?.[1] ?? "";
    expect(loader).toContain(JSON.stringify(ISLAND_RUNTIME_FILE.path));
    expect(loader).toMatch(/^addEventListener\("load",/);
    expect(loader).toContain("largest-contentful-paint");
  });

  it("stays inline on a page whose island starts at once (client:load, client:only): it is the page", () => {
    for (const client of ["load", "only"]) {
      const html = page("", `<main>${inline}<astro-island uid="a" client="${client}"></astro-island></main>`);
      expect(externalIslandRuntime(html)).toBe(html);
    }
    const visible = page("", `<main>${inline}<astro-island uid="a" client="visible"></astro-island></main>`);
    expect(externalIslandRuntime(visible)).not.toContain(islandRuntime);
  });

  it("leaves a page without islands as it is", () => {
    const plain = page("", "<p>hi</p><script>console.log(1)</script>");
    expect(externalIslandRuntime(plain)).toBe(plain);
  });
});
