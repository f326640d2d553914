/**
 * The README's variable table and .env.example list exactly the variables of the env schema,
 * with the same scopes and the same "required when deployed".
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VARIABLES } from "../../src/server/platform/env-variables";

const ROOT = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
const SCOPE_LABEL = { functions: "Functions", builds: "Builds", local: "local only" } as const;

function readmeTable() {
  const start = readme.indexOf("<!-- env:variables");
  const end = readme.indexOf("<!-- /env:variables -->");
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  expect(readme.slice(0, start)).toContain("## Deploying to Netlify");
  const rows = new Map<string, { scope: string; required: string }>();
  for (const line of readme.slice(start, end).split("\n")) {
    const m = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|/.exec(line);
    if (m) rows.set(m[1]!, { scope: m[2]!, required: m[3]! });
  }
  return rows;
}

describe("the README's variables", () => {
  const rows = readmeTable();

  it("are exactly the schema's", () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(VARIABLES).sort());
  });

  it.each(Object.entries(VARIABLES))("%s has the schema's scope and requirement", (name, spec) => {
    const row = rows.get(name);
    expect(row, `${name} is missing from the README table`).toBeDefined();
    expect(row!.scope).toBe(spec.scopes.map((s) => SCOPE_LABEL[s]).join(", "));
    expect(row!.required).toBe(spec.requiredWhenDeployed ? "yes" : "no");
  });
});

describe(".env.example", () => {
  it("lists exactly the schema's variables", () => {
    const text = readFileSync(path.join(ROOT, ".env.example"), "utf8");
    const names = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(names.sort()).toEqual(Object.keys(VARIABLES).sort());
  });
});
