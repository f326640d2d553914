/**
 * The rehearsal's routing (which bundle a path reaches, in Netlify's order) and the bench's
 * section of bench/latest.md (replaced in place, the rest of the report kept).
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MARK_END, MARK_START, bundlesSectionOf, samplePath, writeBundlesSection } from "../../bench/bundles";
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
    ["/contact", "GET", "ssr", true],
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
