/**
 * One contract per endpoint (src/shared/api/): derived from the function files themselves. Each
 * file's `config.path` and the methods it takes are read from its text (Netlify reads
 * `config` statically, so it stays a literal there), and must match the catalogue both ways: a
 * function without a contract, a contract without a function, or a method or path that differs
 * fails here. Each function also hands its contracts to endpoint(), so its answers are checked.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { functionFiles, loadFunctions, type LoadedFunction } from "../../scripts/lib/functions";
import { contractsOf } from "../../src/server/http/endpoint";
import { CONTRACTS } from "../../src/shared/api";
import { methodsOf, pathPattern, type Contract } from "../../src/shared/api/contract";

interface Declared {
  name: string;
  paths: string[];
  methods: string[];
}

const METHOD = /"(GET|HEAD|POST|PUT|PATCH|DELETE)"/g;

/** What a function file declares: its `config.path` and the methods its code accepts. */
function declared(file: string): Declared | undefined {
  const text = readFileSync(file, "utf8");
  const config = /export const config: Config = \{([^}]*)\}/.exec(text)?.[1] ?? "";
  const pathValue = /\bpath:\s*(\[[^\]]*\]|"[^"]*")/.exec(config)?.[1];
  if (!pathValue) return undefined; // a scheduled function: no address
  const paths = [...pathValue.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const methods = new Set<string>();
  for (const m of text.matchAll(/requireMethod\(req,([^;]*)\);/g))
    for (const x of m[1]!.matchAll(METHOD)) methods.add(x[1]!);
  for (const m of text.matchAll(/\bmethod:\s*(\[[^\]]*\]|"[A-Z]+")/g))
    for (const x of m[1]!.matchAll(METHOD)) methods.add(x[1]!);
  return { name: path.basename(file, ".ts"), paths, methods: [...methods].sort() };
}

const functions = functionFiles()
  .map(declared)
  .filter((d): d is Declared => d !== undefined);

const contractsAt = (p: string) => CONTRACTS.filter((c) => c.path === p);
const key = (c: Contract) => `${c.method} ${c.path}`;

describe("endpoint contracts", () => {
  it("reads every function with an address", () => {
    expect(functions.length).toBeGreaterThan(60);
    // Both paths of a list; its methods are its contracts' (endpoints(), no method in its text).
    expect(functions.find((f) => f.name === "sessions")).toEqual({
      name: "sessions",
      paths: ["/api/sessions", "/api/sessions/:id"],
      methods: [],
    });
  });

  it("give every path of every function a contract", () => {
    const missing = functions.flatMap((f) => f.paths.filter((p) => contractsAt(p).length === 0));
    expect(missing).toEqual([]);
  });

  it("name only paths that a function declares", () => {
    const paths = new Set(functions.flatMap((f) => f.paths));
    expect(CONTRACTS.filter((c) => !paths.has(c.path)).map(key)).toEqual([]);
  });

  // A function made by endpoint(contract, handler) takes exactly its contracts' methods (the
  // wrapper checks them; "hand endpoint() the contracts of their own paths" below holds them to
  // the path). A handler-first function (legacyEndpoint) states its methods in its code.
  it("declare exactly the methods each function takes", () => {
    for (const f of functions.filter((f) => f.methods.length > 0)) {
      const methods = new Set(f.paths.flatMap((p) => contractsAt(p).flatMap(methodsOf)));
      expect([...methods].sort(), f.name).toEqual(f.methods);
    }
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
