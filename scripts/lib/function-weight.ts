/**
 * Every function of netlify/functions zipped as Netlify ships it, beside the empty function
 * (scripts/lib/function-zips.ts), and what each zip carries: the figures the function-weight test
 * (tests/unit/function-weight.test.ts) checks. Zipping them all takes 15 to 30 s on 2 cores, so
 * the result is kept in node_modules/.cache/function-weight/, keyed on the lockfile and the
 * sources (sourcesKey): a second run with nothing changed reads it. `npm test` makes it beside
 * the static checks (scripts/warm-function-weight.ts), which leave the second core idle, and the
 * test then reads it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  heavyPackagesIn,
  sourcesKey,
  zipEmptyFunction,
  zipEntries,
  zipSiteFunctions,
  type HeavyPackage,
} from "./function-zips";

export interface Weighed {
  key: string;
  bundledMs: number;
  empty: { zipBytes: number; files: string[] };
  functions: { name: string; zipBytes: number; heavy: HeavyPackage[] }[];
}

/** Zips everything once per lockfile and sources (cached), or reads the cached figures. */
export async function weighFunctions(root: string): Promise<{ weighed: Weighed; fromCache: boolean }> {
  const key = sourcesKey(root);
  const cacheDir = path.join(root, "node_modules", ".cache", "function-weight");
  const cacheFile = path.join(cacheDir, `${key}.json`);
  if (existsSync(cacheFile))
    return { weighed: JSON.parse(readFileSync(cacheFile, "utf8")) as Weighed, fromCache: true };
  const started = Date.now();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "function-weight-"));
  try {
    const empty = await zipEmptyFunction(path.join(tmp, "empty"));
    const site = await zipSiteFunctions(root, path.join(tmp, "site"));
    const weighed: Weighed = {
      key,
      bundledMs: Date.now() - started,
      empty: { zipBytes: empty.zipBytes, files: await zipEntries(empty.zipFile) },
      functions: await Promise.all(
        site.map(async (f) => ({
          name: f.name,
          zipBytes: f.zipBytes,
          heavy: heavyPackagesIn([...(await zipEntries(f.zipFile)), ...(f.bundled ?? [])]),
        })),
      ),
    };
    // One cached result at a time: the older ones belong to sources that are gone.
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cacheFile, JSON.stringify(weighed, null, 1));
    return { weighed, fromCache: false };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
