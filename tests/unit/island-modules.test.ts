/**
 * The module lists that `client:near` islands carry (src/integrations/client-near): every module an
 * island loads to hydrate, read from the built files, with the build's query (a deploy id) kept,
 * and nothing reached only through `import()`.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { staticImports } from "../../src/integrations/client-near/module-graph";
import { withIslandModules } from "../../src/integrations/client-near";

describe("staticImports", () => {
  it("reads static imports and re-exports, queries kept, and leaves import() out", () => {
    const code =
      'import{a as b}from"./react.X1.js?dpl=abc";import"./side.Y2.js";export{c}from"./c.Z3.js";' +
      'const lazy=()=>import("./DeadlinePicker.Q9.js");';
    expect(staticImports(code)).toEqual(["./react.X1.js?dpl=abc", "./side.Y2.js", "./c.Z3.js"]);
  });
});

describe("withIslandModules", () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), "island-modules-"));
  mkdirSync(path.join(dist, "_astro"));
  const write = (name: string, code: string) => writeFileSync(path.join(dist, "_astro", name), code);
  write("Form.A.js", 'import{x}from"./shared.B.js?dpl=1";const later=()=>import("./Picker.C.js?dpl=1");');
  write("shared.B.js", 'import"./runtime.D.js?dpl=1";');
  write("runtime.D.js", "");
  write("client.E.js", 'import{x}from"./shared.B.js?dpl=1";');
  write("Picker.C.js", "");

  it("lists every module a client:near island loads, once, on its tag", () => {
    const html =
      '<p>x</p><astro-island uid="1" component-url="/_astro/Form.A.js?dpl=1" renderer-url="/_astro/client.E.js?dpl=1" client="near"></astro-island>' +
      '<astro-island uid="2" component-url="/_astro/Form.A.js?dpl=1" renderer-url="/_astro/client.E.js?dpl=1" client="visible"></astro-island>';
    const out = withIslandModules(dist, html)!;
    const [near, visible] = [...out.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
    expect(/data-modules="([^"]*)"/.exec(near!)?.[1]?.replace(/&amp;/g, "&").split(" ")).toEqual([
      "/_astro/Form.A.js?dpl=1",
      "/_astro/shared.B.js?dpl=1",
      "/_astro/runtime.D.js?dpl=1",
      "/_astro/client.E.js?dpl=1",
    ]);
    expect(visible).not.toContain("data-modules");
  });

  it("leaves a page without client:near islands alone", () => {
    expect(withIslandModules(dist, '<astro-island client="visible"></astro-island>')).toBeNull();
  });
});
