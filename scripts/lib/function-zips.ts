/**
 * The function zips as Netlify's bundler makes them, outside a whole Netlify build: the
 * functions of netlify/functions bundled as the build command bundles them
 * (scripts/bundle-functions.mjs, into build/functions) and zipped by @netlify/zip-it-and-ship-it (the version
 * @netlify/build pins) with netlify.toml's [functions] settings read by @netlify/config and
 * handed over as @netlify/build hands them; an empty v2 function zipped the same way in a temp
 * folder (the baseline: Netlify's bootstrap and nothing of ours); and what a zip holds (its
 * entries, the heavy packages among them).
 *
 * Used by the rehearsal's bench (scripts/rehearse.ts, bench/bundles.ts) and by
 * tests/unit/function-weight.test.ts.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "@netlify/config";
import { zipFunction, zipFunctions, type Config, type FunctionResult } from "@netlify/zip-it-and-ship-it";
import yauzl from "yauzl";
import { bundleFunctions } from "../bundle-functions.mjs";

export const EMPTY_FUNCTION_NAME = "__empty";
/** The empty v2 function: what any function costs before its own code. */
export const EMPTY_FUNCTION_SOURCE = `export default async () => new Response("ok");
export const config = { path: "/api/__empty" };
`;

export interface ZippedFunction {
  name: string;
  zipFile: string;
  zipBytes: number;
  /**
   * What the function's bundle was made of (scripts/bundle-functions.mjs): the files esbuild put
   * in (node_modules/<package>/… for a package's code) and, as node_modules/<package>/, the
   * packages it left outside but imports statically. A zip's entries alone no longer show a
   * package bundled in.
   */
  bundled?: string[];
}

interface TomlFunctionConfig {
  external_node_modules?: string[];
  included_files?: string[];
  ignored_node_modules?: string[];
  node_bundler?: string;
  schedule?: string;
}

/**
 * netlify.toml's [functions] settings in the shape zip-it-and-ship-it takes, translated as
 * @netlify/build translates them (its normalizeFunctionConfig), for Node 22.
 */
export async function bundlerConfig(root: string): Promise<Config> {
  const { config } = (await resolveConfig({
    cwd: root,
    repositoryRoot: root,
    offline: true,
    context: "deploy-preview",
    mode: "cli",
  })) as { config: { functions?: Record<string, TomlFunctionConfig> } };
  return Object.fromEntries(
    Object.entries(config.functions ?? {}).map(([glob, f]) => [
      glob,
      {
        externalNodeModules: f.external_node_modules,
        includedFiles: f.included_files,
        includedFilesBasePath: root,
        ignoredNodeModules: f.ignored_node_modules,
        nodeVersion: "22",
        schedule: f.schedule,
        nodeBundler: (f.node_bundler === "esbuild" ? "esbuild_zisi" : f.node_bundler) as
          "esbuild_zisi" | "none" | undefined,
      },
    ]),
  ) as Config;
}

function summarise(results: FunctionResult[]): ZippedFunction[] {
  return results
    .map((r) => ({ name: r.name, zipFile: r.path, zipBytes: statSync(r.path).size }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Bundles the functions of netlify/functions (all, or the named ones) into root/build, as the
 * build command does, and zips them into destDir, with a manifest.json, as Netlify's build does
 * (SSR, Astro's framework function, is not among them).
 */
export async function zipSiteFunctions(
  root: string,
  destDir: string,
  only?: string[],
): Promise<ZippedFunction[]> {
  mkdirSync(destDir, { recursive: true });
  const { metafile } = await bundleFunctions(path.join(root, "build"), { root, only });
  const srcDir = path.join(root, "build", "functions");
  const options = { basePath: root, repositoryRoot: root, config: await bundlerConfig(root) };
  const results: FunctionResult[] = [];
  if (only) {
    // One by one (zipFunctions takes folders only); no manifest then.
    for (const name of only) {
      const result = await zipFunction(path.join(srcDir, `${name}.mjs`), destDir, options);
      if (result) results.push(result);
    }
  } else
    results.push(
      ...(await zipFunctions(srcDir, destDir, { ...options, manifest: path.join(destDir, "manifest.json") })),
    );
  const bundled = new Map(
    Object.entries(metafile.outputs).map(([file, out]) => [
      path.basename(file).replace(/\.mjs$/, ""),
      [
        ...Object.keys(out.inputs),
        ...out.imports
          .filter((i) => i.external && i.kind === "import-statement" && !i.path.startsWith("node:"))
          .map((i) => `node_modules/${i.path}/`),
      ],
    ]),
  );
  return summarise(results).map((f) => ({ ...f, bundled: bundled.get(f.name) ?? [] }));
}

/**
 * The empty v2 function, written as a TypeScript ES module (as ours are) into workDir/src and
 * zipped into workDir/out with its own manifest.json; never part of the site.
 */
export async function zipEmptyFunction(workDir: string): Promise<ZippedFunction> {
  const src = path.join(workDir, "src");
  const out = path.join(workDir, "out");
  mkdirSync(src, { recursive: true });
  writeFileSync(path.join(workDir, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(path.join(src, `${EMPTY_FUNCTION_NAME}.ts`), EMPTY_FUNCTION_SOURCE);
  const results = await zipFunctions(src, out, {
    basePath: workDir,
    repositoryRoot: workDir,
    config: { "*": { nodeVersion: "22" } },
    manifest: path.join(out, "manifest.json"),
  });
  const [empty] = summarise(results);
  if (!empty) throw new Error("zip-it-and-ship-it made no zip of the empty function");
  return empty;
}

/** The paths of the files a zip holds. */
export async function zipEntries(zipFile: string): Promise<string[]> {
  const zip = await yauzl.openPromise(zipFile, { autoClose: false });
  try {
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) if (!entry.fileName.endsWith("/")) names.push(entry.fileName);
    return names;
  } finally {
    zip.close();
  }
}

/**
 * Packages heavy enough that a function carrying one must say so (tests/unit/function-weight):
 * each by the files that betray it in a zip.
 */
export const HEAVY_PACKAGES = {
  "sharp/libvips": (f: string) =>
    /(^|\/)node_modules\/(sharp|@img\/sharp-[^/]+)\//.test(f) || /libvips/.test(f),
  "@aws-sdk/*": (f: string) => /(^|\/)node_modules\/@aws-sdk\//.test(f),
  "react-dom development build": (f: string) =>
    /(^|\/)node_modules\/react-dom\/cjs\/[^/]*\.development\.js$/.test(f),
  // Only the functions that save or preview posts render Markdown: reading a post serves the
  // rendering stored with it (src/server/blog/rendering.ts).
  "Markdown renderer": (f: string) => /(^|\/)node_modules\/(micromark[^/]*|remark-[^/]+|unified)\//.test(f),
  // Only the functions that set or check passwords hash them, and only those that set them read
  // the common-password list (src/server/staff/password-list.ts).
  bcryptjs: (f: string) => /(^|\/)node_modules\/bcryptjs\//.test(f),
  "common-password list": (f: string) => /(^|\/)data\/common-passwords\.txt\.gz$/.test(f),
  // Only the functions that take pictures re-encode them (src/server/platform/images/codecs.ts).
  "picture codecs (WebAssembly)": (f: string) =>
    /(^|\/)node_modules\/@jsquash\//.test(f) || /(^|\/)data\/image-codecs\/[^/]+\.wasm$/.test(f),
} as const;
/** Either database driver alone is expected; both in one zip means one is dead weight. */
export const BOTH_DB_DRIVERS = "both database drivers (@neondatabase/serverless and pg)";
export type HeavyPackage = keyof typeof HEAVY_PACKAGES | typeof BOTH_DB_DRIVERS;

/** The heavy packages among a zip's files. */
export function heavyPackagesIn(files: string[]): HeavyPackage[] {
  const found: HeavyPackage[] = (Object.keys(HEAVY_PACKAGES) as (keyof typeof HEAVY_PACKAGES)[]).filter((k) =>
    files.some(HEAVY_PACKAGES[k]),
  );
  const neon = files.some((f) => /(^|\/)node_modules\/@neondatabase\/serverless\//.test(f));
  const pg = files.some((f) => /(^|\/)node_modules\/pg\//.test(f));
  if (neon && pg) found.push(BOTH_DB_DRIVERS);
  return found;
}

/**
 * A key for the zips of a tree: the lockfile, netlify.toml, tsconfig.json, db/, this file and
 * every file under netlify/functions and src/ (path and content), and Node's version. Same key,
 * same zips.
 */
export function sourcesKey(root: string): string {
  const hash = createHash("sha256");
  const add = (file: string) => {
    hash.update(path.relative(root, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  };
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) add(p);
    }
  };
  for (const f of [
    "package-lock.json",
    "netlify.toml",
    "tsconfig.json",
    "db",
    "scripts/lib/function-zips.ts",
    "scripts/bundle-functions.mjs",
  ]) {
    const p = path.join(root, f);
    if (existsSync(p) && statSync(p).isDirectory()) walk(p);
    else if (existsSync(p)) add(p);
  }
  walk(path.join(root, "netlify", "functions"));
  walk(path.join(root, "src"));
  hash.update(process.version);
  return hash.digest("hex").slice(0, 16);
}
