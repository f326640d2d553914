/**
 * What each function weighs as Netlify ships it (issue 35): every function of netlify/functions
 * zipped by Netlify's bundler (zip-it-and-ship-it, with netlify.toml's settings:
 * scripts/lib/function-zips.ts), beside an empty v2 function zipped the same way. A function's
 * own part is its zip minus the empty one's (Netlify's bootstrap). It fails when
 *   - a function's own part grows past its budget (BUDGETS below: 250 kB, or the known size of a
 *     function already over it), a new function included;
 *   - a zip carries a named package it is not listed for: sharp/libvips, @aws-sdk/*, a
 *     development build of react-dom, both database drivers at once, the Markdown renderer,
 *     bcryptjs or the common-password list (read from the zip's files and from esbuild's inputs
 *     of its bundle);
 *   - the table is stale: it names a function that is gone, or a heavy package a function no
 *     longer carries (take it out: the table documents what is there).
 * Zipping them all takes 15 to 30 s on 2 cores (by the machine's load); the result is kept in
 * node_modules/.cache/function-weight/, keyed on the lockfile and the sources
 * (scripts/lib/function-weight.ts), so a second run with nothing changed takes a second; `npm
 * test` makes it beside the static checks, and this test reads it. The SSR function
 * (Astro's, made by `astro build`) is not covered: `npm run rehearse -- --bench` measures it.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { weighFunctions, type Weighed } from "../../scripts/lib/function-weight";
import { BOTH_DB_DRIVERS, heavyPackagesIn, type HeavyPackage } from "../../scripts/lib/function-zips";

const KB = 1024;
/** The own part an API (or scheduled) function may weigh: its zip minus the empty function's. */
const DEFAULT_BUDGET_KB = 250;

const MARKDOWN: HeavyPackage = "Markdown renderer";
const BCRYPT: HeavyPackage = "bcryptjs";
const PASSWORD_LIST: HeavyPackage = "common-password list";
const CODECS: HeavyPackage = "picture codecs (WebAssembly)";

/**
 * Every function that does not fit the default: its own part's budget in kB (today's own part,
 * in the comment, plus 10 to 20 kB, so that it passes today and fails on growth) and the heavy
 * packages it carries today. A function not listed, a new one included, gets DEFAULT_BUDGET_KB and
 * no heavy package. Bundled (scripts/bundle-functions.mjs), every other function is within 250 kB.
 * The functions that take pictures carry the picture codecs (WebAssembly, about 340 kB zipped; no
 * function carries sharp): they re-encode them (turned upright, EXIF and location dropped); the
 * Image CDN makes the sizes pages show.
 */
const BUDGETS: Record<string, { ownKb: number; heavy: HeavyPackage[] }> = {
  "add-post": { ownKb: 715, heavy: [CODECS, MARKDOWN] }, // 699.1 kB on 2026-11-25 (with the Markdown renderer)
  "add-user": { ownKb: DEFAULT_BUDGET_KB, heavy: [BCRYPT, PASSWORD_LIST] },
  // A case study's body is rendered when it is saved (added, or changed).
  "case-studies": { ownKb: DEFAULT_BUDGET_KB, heavy: [MARKDOWN] },
  "case-study": { ownKb: DEFAULT_BUDGET_KB, heavy: [MARKDOWN] },
  "edit-user": { ownKb: 260, heavy: [BCRYPT, PASSWORD_LIST] }, // 250.8 kB on 2026-11-29: bcrypt, the common-password list and the roles
  login: { ownKb: DEFAULT_BUDGET_KB, heavy: [BCRYPT] },
  "preview-post": { ownKb: DEFAULT_BUDGET_KB, heavy: [MARKDOWN] }, // the editor's preview
  "proof-item-logo": { ownKb: 615, heavy: [CODECS] }, // 601.1 kB on 2026-11-29: a client's logo, re-encoded
  "reset-password": { ownKb: DEFAULT_BUDGET_KB, heavy: [BCRYPT, PASSWORD_LIST] },
  "update-post": { ownKb: 715, heavy: [CODECS, MARKDOWN] }, // 699.4 kB on 2026-11-25 (with the Markdown renderer)
  "update-profile": { ownKb: 720, heavy: [CODECS, BCRYPT, PASSWORD_LIST] }, // 705.6 kB on 2026-11-25
  "upload-post-image": { ownKb: 610, heavy: [CODECS] }, // 596.4 kB on 2026-11-25 (sharp: 9084.2 kB)
};

const root = path.resolve(import.meta.dirname, "../..");
let weighed: Weighed;
let fromCache = false;

const ownKb = (zipBytes: number) => (zipBytes - weighed.empty.zipBytes) / KB;

describe("function weight (zip-it-and-ship-it, beside an empty function)", () => {
  beforeAll(async () => {
    ({ weighed, fromCache } = await weighFunctions(root));
    console.log(
      `function weight: ${weighed.functions.length} functions zipped in ${(weighed.bundledMs / 1000).toFixed(0)} s (${fromCache ? "read from the cache" : "cached as"} ${weighed.key}); empty function ${(weighed.empty.zipBytes / KB).toFixed(1)} kB`,
    );
  }, 240_000);

  it("zips the empty function to Netlify's bootstrap and the function alone", () => {
    expect(weighed.empty.files).toContain("___netlify-bootstrap.mjs");
    expect(weighed.empty.files.filter((f) => f.includes("node_modules/"))).toEqual([]);
    expect(weighed.functions.length).toBeGreaterThan(0);
  });

  it("keeps every function's own part within its budget", () => {
    const over = weighed.functions.flatMap((f) => {
      const known = BUDGETS[f.name];
      const budget = known?.ownKb ?? DEFAULT_BUDGET_KB;
      const own = ownKb(f.zipBytes);
      return own > budget
        ? [
            `${f.name}: own part ${own.toFixed(1)} kB (zip ${(f.zipBytes / KB).toFixed(1)} kB − empty ${(weighed.empty.zipBytes / KB).toFixed(1)} kB) is over its budget of ${budget} kB${known ? " (known, issue 35: it grew)" : ""}`,
          ]
        : [];
    });
    expect(over).toEqual([]);
  });

  it("carries no heavy package that is not a known exception", () => {
    const unexpected = weighed.functions.flatMap((f) => {
      const known = BUDGETS[f.name]?.heavy ?? [];
      return f.heavy.filter((h) => !known.includes(h)).map((h) => `${f.name}: carries ${h}`);
    });
    expect(unexpected).toEqual([]);
  });

  it("lists only functions that exist and heavy packages they still carry", () => {
    const byName = new Map(weighed.functions.map((f) => [f.name, f]));
    const stale = Object.entries(BUDGETS).flatMap(([name, known]) => {
      const f = byName.get(name);
      if (!f) return [`${name}: no such function any more`];
      return known.heavy
        .filter((h) => !f.heavy.includes(h))
        .map((h) => `${name}: no longer carries ${h} (take it off the list)`);
    });
    expect(stale).toEqual([]);
  });
});

describe("heavy packages, by the files that betray them", () => {
  it.each([
    ["node_modules/sharp/lib/index.js", ["sharp/libvips"]],
    ["node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8.17.3", ["sharp/libvips"]],
    ["node_modules/@aws-sdk/client-s3/dist-cjs/index.js", ["@aws-sdk/*"]],
    ["node_modules/react-dom/cjs/react-dom-server.node.development.js", ["react-dom development build"]],
    ["node_modules/react-dom/cjs/react-dom-server.node.production.js", []],
    ["node_modules/pg/lib/index.js", []],
    ["node_modules/micromark/index.js", ["Markdown renderer"]],
    ["node_modules/bcryptjs/index.js", ["bcryptjs"]],
    ["data/common-passwords.txt.gz", ["common-password list"]],
    ["build/data/image-codecs/webp_enc_simd.wasm", ["picture codecs (WebAssembly)"]],
    ["node_modules/@jsquash/webp/encode.js", ["picture codecs (WebAssembly)"]],
    ["node_modules/remark-parse/lib/index.js", ["Markdown renderer"]],
    ["src/server/platform/storage/s3.mjs", []],
  ])("%s: %j", (file, heavy) => {
    expect(heavyPackagesIn([file])).toEqual(heavy);
  });

  it("names both database drivers only when a zip holds both", () => {
    const neon = "node_modules/@neondatabase/serverless/index.mjs";
    const pg = "node_modules/pg/lib/index.js";
    expect(heavyPackagesIn([neon])).toEqual([]);
    expect(heavyPackagesIn([neon, pg])).toEqual([BOTH_DB_DRIVERS]);
  });
});
