import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import globals from "globals";
import tseslint from "typescript-eslint";

/* The layers of src/server (ARCHITECTURE.md); tests/unit/layers-lint.test.ts lints fixtures
 * that break each rule. */
const featureFiles = "src/server/{contact,careers,blog,staff,common,audit,overview}/**/*.ts";
const NO_HTTP = {
  regex: "^\\.{1,2}/(.*/)?http(/|$)",
  message:
    "A use case knows no HTTP: take plain values and Deps (src/server/common/deps.ts), throw the errors of common/errors.ts; the function file parses the request.",
};
const NO_ADAPTERS = {
  regex:
    "^\\.{1,2}/(.*/)?platform/(instance|db/(pg|neon|pglite|pool|open|page-db)|storage/(s3|local|open)|mail/(ses|outbox|open))$",
  message: "A use case uses the platform's ports through Deps, never an adapter.",
};
const NO_FEATURES_IN_PLATFORM = {
  regex: "^(\\.\\./)+(contact|careers|blog|staff|common|http)(/|$)",
  message: "The platform imports no feature and no HTTP code.",
};
export default tseslint.config(
  {
    ignores: [
      "dist/",
      ".netlify/",
      ".astro/",
      ".data*/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/tmp/",
      // Deliberate violations, linted by tests/unit/layers-lint.test.ts as the files they name.
      "tests/fixtures/layers/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // Features (use cases) take plain values and Deps: they never import the HTTP layer or an
    // adapter; the platform's ports and types are theirs to use. See ARCHITECTURE.md.
    files: [featureFiles],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_HTTP, NO_ADAPTERS] }] },
  },
  {
    // The platform (env, log, database, storage, mail) knows no feature and no HTTP.
    files: ["src/server/platform/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_FEATURES_IN_PLATFORM] }] },
  },
  {
    // The server boundary: code that runs in the browser must not import server-only modules.
    files: ["src/components/**/*.{ts,tsx}", "src/islands/**/*.{ts,tsx}", "src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/*", "**/server/**", "**/server"], message: "src/server is server-only." },
          ],
        },
      ],
    },
  },
);
