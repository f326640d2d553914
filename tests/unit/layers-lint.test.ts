/**
 * The layer rules of eslint.config.js fire on deliberate violations: each fixture in
 * tests/fixtures/layers is linted, through ESLint's Node API with the project's own config, as
 * the file its `// lint-as:` line names (the first line, or the first of an .astro file's
 * frontmatter). A clean fixture passes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const dir = path.join(process.cwd(), "tests/fixtures/layers");
const eslint = new ESLint({ cwd: process.cwd() });

async function lintFixture(name: string) {
  const code = readFileSync(path.join(dir, name), "utf8");
  const lintAs = /^\/\/ lint-as: (\S+)/m.exec(code)?.[1];
  if (!lintAs) throw new Error(`${name} does not say which file it stands for`);
  const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), lintAs) });
  return result!.messages;
}

const VIOLATIONS: [string, RegExp][] = [
  ["feature-imports-http.ts", /knows no HTTP/],
  ["feature-imports-adapter.ts", /never an adapter/],
  ["feature-imports-instance.ts", /never an adapter/],
  ["platform-imports-feature.ts", /imports no feature/],
  ["platform-imports-http.ts", /imports no feature and no HTTP/],
  ["island-imports-server.ts", /server-only/],
  ["shared-imports-server.ts", /server-only/],
  ["feature-imports-feature.ts", /imports no other feature/],
  ["common-imports-feature.ts", /imports none of them/],
  ["http-imports-feature.ts", /HTTP layer imports no feature/],
  ["platform-imports-overview.ts", /imports no feature/],
  ["component-imports-server.astro", /server-only/],
  ["layout-imports-server.astro", /server-only/],
];

describe("layer rules", () => {
  it("has a case for every fixture", () => {
    const named = new Set([...VIOLATIONS.map(([f]) => f), "clean-feature.ts", "clean-platform.ts"]);
    expect(readdirSync(dir).sort()).toEqual([...named].sort());
  });

  it.each(VIOLATIONS)("%s is refused", async (name, message) => {
    const messages = await lintFixture(name);
    const refused = messages.filter((m) => m.ruleId === "no-restricted-imports");
    expect(refused, JSON.stringify(messages)).toHaveLength(1);
    expect(refused[0]!.message).toMatch(message);
  });

  it.each(["clean-feature.ts", "clean-platform.ts"])("%s passes", async (name) => {
    expect(await lintFixture(name)).toEqual([]);
  });
});
