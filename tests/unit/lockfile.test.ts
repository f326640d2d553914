/**
 * The lockfile is complete: `npm ci` (what CI runs) refuses a lock in which a package's
 * dependency has no entry, even an optional one for another platform. npm drops entries it
 * cannot resolve from the registry it talks to, so this catches a lock written that way.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, LockEntry>;
};
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The entry npm would use for `name` required from the package at `from` (node's lookup). */
function resolve(from: string, name: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const hit = lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`];
    if (hit) return hit;
    if (!dir) return undefined;
    const i = dir.lastIndexOf("/node_modules/");
    dir = i === -1 ? "" : dir.slice(0, i);
  }
}

describe("package-lock.json", () => {
  it("names every dependency of package.json", () => {
    const missing = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
      (name) => !lock.packages[`node_modules/${name}`],
    );
    expect(missing).toEqual([]);
  });

  it("has an entry for every dependency of every locked package, optional ones included", () => {
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (key === "") continue;
      for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }))
        if (!resolve(key, name)) missing.push(`${name} (needed by ${key})`);
    }
    expect(missing).toEqual([]);
  });
});
