/**
 * The rehearsal's routing (which bundle a path reaches, in Netlify's order) and the bench's
 * section of bench/latest.md (replaced in place, the rest of the report kept).
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MARK_END,
  MARK_START,
  bundlesMarkdown,
  bundlesSectionOf,
  samplePath,
  writeBundlesSection,
  type BundleFigure,
} from "../../scripts/lib/bundle-bench";
import { matchFunction, type Manifest } from "../../scripts/rehearse/edge";

const manifest: Manifest = {
  functions: [
    {
      name: "ssr",
      path: "ssr.zip",
      priority: 0,
      routes: [{ pattern: "/*", expression: "^(?:\\/(.*))\\/?$", methods: [], prefer_static: true }],
    },
    {
      name: "media",
      path: "media.zip",
      priority: 10,
      routes: [{ pattern: "/api/media/*", expression: "^\\/api\\/media(?:\\/(.*))\\/?$", methods: [] }],
    },
    {
      name: "login",
      path: "login.zip",
      priority: 10,
      routes: [{ pattern: "/api/login", literal: "/api/login", methods: ["POST"] }],
    },
  ],
};

describe("matchFunction", () => {
  it.each([
    ["/api/media/public/x.webp", "GET", "media", false],
    ["/api/login", "POST", "login", false],
    ["/API/LOGIN/", "POST", "login", false],
    ["/api/login", "GET", "ssr", true],
    ["/blog/3", "GET", "ssr", true],
    ["/contact%20us", "GET", "ssr", true],
  ])("%s %s goes to %s (prefers static files: %s)", (p, method, name, preferStatic) => {
    const m = matchFunction(manifest, p, method);
    expect(m?.fn.name).toBe(name);
    expect(Boolean(m?.route.prefer_static)).toBe(preferStatic);
  });

  it("leaves a path no function claims to the static files", () => {
    expect(matchFunction({ functions: manifest.functions.slice(1) }, "/about", "GET")).toBeUndefined();
  });
});

describe("bench section", () => {
  it("fills route parameters for a sample request", () => {
    expect(samplePath({ name: "x", path: "", routes: [{ pattern: "/api/inquiry-file/:id" }] })).toBe(
      "/api/inquiry-file/1",
    );
    expect(samplePath(manifest.functions[0]!)).toBe("/1");
    expect(samplePath({ name: "geo", path: "" })).toBe("/.netlify/functions/geo");
  });

  it("appends its section once, then replaces only it", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "bench-"));
    mkdirSync(path.join(root, "bench"));
    const file = path.join(root, "bench", "latest.md");
    writeFileSync(file, "# Speed report\n\n## Lighthouse\n\nrows\n");
    writeBundlesSection(root, "first");
    writeBundlesSection(root, "second");
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("# Speed report\n\n## Lighthouse\n\nrows\n")).toBe(true);
    expect(text.split(MARK_START)).toHaveLength(2);
    expect(bundlesSectionOf(text)).toBe(`${MARK_START}\n\nsecond\n\n${MARK_END}`);
  });
});

describe("bench section beside the empty function", () => {
  const figure = (name: string, zipBytes: number, coldRuns: number[]): BundleFigure => ({
    name,
    zipBytes,
    initMs: 10,
    coldMs: [...coldRuns].sort((a, b) => a - b)[Math.floor(coldRuns.length / 2)]!,
    coldRuns,
    request: `GET /api/${name}`,
    status: 200,
  });

  it("puts the empty function first and each function's difference from it, with the load", () => {
    const text = bundlesMarkdown(
      {
        empty: figure("__empty", 300 * 1024, [100, 90, 110, 95, 105]),
        figures: [figure("logout", 900 * 1024, [300, 310, 290, 305, 295])],
        runs: 5,
        load: { cores: 2, samples: [1.5, 2.5, 2] },
      },
      "2026-11-25 04:00",
    );
    const rows = text.split("\n").filter((l) => l.startsWith("| "));
    expect(rows[2]).toMatch(/^\| `__empty` \(empty v2 function\) \| 300.0 kB \| - \|/);
    expect(rows[3]).toContain("| logout | 900.0 kB | +600.0 kB |");
    expect(rows[3]).toContain("| 300 ms | +200 ms | 290-310 ms |");
    expect(text).toContain("load average 1.50 to 2.50 (median 2.00, 3 samples) on 2 cores");
  });
});

describe("the rehearsal imports nothing from bench/", () => {
  it("holds for scripts/rehearse.ts and everything under scripts/", () => {
    const files = ["scripts/rehearse.ts"];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true }))
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (/\.(ts|mjs|js)$/.test(e.name)) files.push(path.join(dir, e.name));
    };
    walk("scripts/lib");
    walk("scripts/rehearse");
    const offenders = files.filter((f) => /from\s+["'](\.\.\/)+bench\//.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
