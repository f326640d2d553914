/**
 * Where the company's facts are read from: src/config/company.json, the one file an owner edits.
 *
 * A test or a trial build may point COMPANY_JSON at another file (a path from the project's root)
 * to see the site under another name without editing the owner's file:
 *
 *   COMPANY_JSON=tests/fixtures/company/renamed.json astro build
 *
 * Every reader follows it: the pages and islands (Vite, through `companyFileVite`, in
 * astro.config.mjs and vitest.config.ts), the functions' bundles (scripts/bundle-functions.mjs),
 * the content pipeline's placeholders and the production check. Plain JavaScript, so the build
 * scripts can import it without a compiler.
 */
import path from "node:path";
import { readFileSync } from "node:fs";

/** The owner's file, from the project's root. */
export const COMPANY_JSON = "src/config/company.json";

/**
 * The file the facts come from: COMPANY_JSON when set, else the owner's file.
 * @param {string} root the project's root
 * @returns {string} an absolute path
 */
export function companyFile(root) {
  const given = process.env.COMPANY_JSON;
  return given ? path.resolve(root, given) : path.join(root, COMPANY_JSON);
}

/**
 * The facts as read from that file (unchecked: src/config/company-schema.ts checks them).
 * @param {string} root
 * @returns {Record<string, unknown>}
 */
export function readCompany(root) {
  return JSON.parse(readFileSync(companyFile(root), "utf8"));
}

/**
 * A Vite plugin that hands the code's `import company from "./company.json"` (src/config/site.ts)
 * the file of COMPANY_JSON; without it, nothing changes.
 * @param {string} root
 * @returns {import("vite").Plugin}
 */
export function companyFileVite(root) {
  const owners = path.join(root, COMPANY_JSON);
  return {
    name: "company-file",
    enforce: "pre",
    resolveId(source, importer) {
      if (!process.env.COMPANY_JSON || !importer || !source.endsWith("company.json")) return null;
      const resolved = path.resolve(path.dirname(importer.split("?")[0] ?? importer), source);
      return resolved === owners ? companyFile(root) : null;
    },
  };
}

/**
 * The same for esbuild (the functions' bundles).
 * @param {string} root
 * @returns {import("esbuild").Plugin}
 */
export function companyFileEsbuild(root) {
  const owners = path.join(root, COMPANY_JSON);
  return {
    name: "company-file",
    setup(b) {
      if (!process.env.COMPANY_JSON) return;
      b.onResolve({ filter: /company\.json$/ }, (args) =>
        path.resolve(args.resolveDir, args.path) === owners ? { path: companyFile(root) } : undefined,
      );
    },
  };
}
