/**
 * One contract per endpoint (src/shared/api/): derived from the function files themselves. Each
 * file's `config.path` is read from its text (Netlify reads `config` statically, so it stays a
 * literal there) and must match the catalogue both ways: a function without a contract or a
 * contract without a function fails here. Each function hands its contracts to endpoint(), which
 * applies them (method, who may call, ids, query, body): no function file restates them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  configuredPaths,
  functionFiles,
  loadFunctions,
  type LoadedFunction,
} from "../../scripts/lib/functions";
import { contractsOf } from "../../src/server/http/endpoint";
import { CONTRACTS } from "../../src/shared/api";
import { type Contract } from "../../src/shared/api/contract";
import { pathPattern } from "../../src/shared/api/route";

interface Declared {
  name: string;
  paths: string[];
  text: string;
}

/** What endpoint() does from the contract, which a function file must not do again. */
const RESTATED = /\b(requireMethod|requireStaff|requirePrivacyEmail|validate|parseBody|idParam)\(/g;

/** What a function file declares: its `config.path` and the methods its code accepts. */
function declared(file: string): Declared | undefined {
  const text = readFileSync(file, "utf8");
  const config = /export const config: Config = \{([^}]*)\}/.exec(text)?.[1] ?? "";
  const pathValue = /\bpath:\s*(\[[^\]]*\]|"[^"]*")/.exec(config)?.[1];
  if (!pathValue) return undefined; // a scheduled function: no address
  const paths = [...pathValue.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  return { name: path.basename(file, ".ts"), paths, text };
}

const functions = functionFiles()
  .map(declared)
  .filter((d): d is Declared => d !== undefined);

const contractsAt = (p: string) => CONTRACTS.filter((c) => c.path === p);
const key = (c: Contract) => `${c.method} ${c.path}`;

describe("endpoint contracts", () => {
  it("reads every function with an address", () => {
    expect(functions.length).toBeGreaterThan(60);
    // Both paths of a list.
    expect(functions.find((f) => f.name === "sessions")?.paths).toEqual([
      "/api/sessions",
      "/api/sessions/:id",
    ]);
  });

  it("give every path of every function a contract", () => {
    const missing = functions.flatMap((f) => f.paths.filter((p) => contractsAt(p).length === 0));
    expect(missing).toEqual([]);
  });

  it("name only paths that a function declares", () => {
    const paths = new Set(functions.flatMap((f) => f.paths));
    expect(CONTRACTS.filter((c) => !paths.has(c.path)).map(key)).toEqual([]);
  });

  it("leave the method, the caller, the ids, the query and the body to endpoint()", () => {
    const restating = functions.flatMap((f) =>
      [...f.text.matchAll(RESTATED)].map((m) => `${f.name}: ${m[1]}`),
    );
    expect(restating).toEqual([]);
  });

  it("are one per method and path, and well formed", () => {
    const keys = CONTRACTS.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of CONTRACTS) {
      expect(c.path, key(c)).toMatch(/^\/api\/[\w/.:*-]+$/);
      expect(pathPattern(c.path).test(c.path.replace(/:\w+/g, "7").replace("*", "a/b")), key(c)).toBe(true);
      expect(c.roles.length, key(c)).toBeGreaterThan(0);
      expect(Boolean(c.response) !== Boolean(c.produces && c.produces !== "application/json"), key(c)).toBe(
        true,
      );
      if (c.files) expect(c.body, `${key(c)}: a multipart body names its text fields too`).toBeDefined();
    }
  });
});

describe("function files", () => {
  let loaded: LoadedFunction[];
  beforeAll(async () => {
    loaded = await loadFunctions();
  }, 60_000);

  it("configure the paths their sources are read to configure (the tests import them lazily by them)", () => {
    for (const file of functionFiles())
      expect(configuredPaths(file), file).toEqual(loaded.filter((f) => f.file === file).map((f) => f.path));
    expect(loaded.length).toBeGreaterThan(100);
  });

  it("hand endpoint() the contracts of their own paths", () => {
    for (const f of loaded) {
      const own = contractsAt(f.path);
      const given = contractsOf(f.exported);
      for (const c of own) expect(given, `${f.name} ${key(c)}`).toContain(c);
      expect(
        given.every((c) => functions.find((d) => d.name === f.name)?.paths.includes(c.path)),
        f.name,
      ).toBe(true);
    }
  });
});
