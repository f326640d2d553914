import { readdirSync } from "node:fs";
import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import globals from "globals";
import tseslint from "typescript-eslint";

/* The layers of src/server (ARCHITECTURE.md); tests/unit/layers-lint.test.ts lints fixtures
 * that break each rule. The features are the folders of src/server other than the HTTP layer,
 * common and the platform, read from the disk: a new feature is covered without an edit here. */
const LAYERS = ["http", "common", "platform"];
const FEATURES = readdirSync(new URL("./src/server/", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !LAYERS.includes(d.name))
  .map((d) => d.name)
  .sort();
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
  regex: `^(\\.\\./)+(${[...FEATURES, "common", "http"].join("|")})(/|$)`,
  message: "The platform imports no feature and no HTTP code.",
};
/** A feature (or common) importing another feature: what both need belongs in common/. */
const noOtherFeature = (own) => ({
  regex: `^(\\.\\./)+(${FEATURES.filter((f) => f !== own).join("|")})(/|$)`,
  message:
    own === "common"
      ? "common/ serves every feature and imports none of them."
      : "A feature imports no other feature: move what both need to src/server/common/.",
});
/** The HTTP layer serves every feature's functions and imports none of them. */
const NO_FEATURES_IN_HTTP = {
  regex: `^(\\.\\./)+(${FEATURES.join("|")})(/|$)`,
  message:
    "The HTTP layer imports no feature: what it needs of one (a session, a token, a type) lives in src/server/common/.",
};
/** The server boundary for code that runs in the browser or renders markup from props. */
const NO_SERVER = {
  group: ["**/server/*", "**/server/**", "**/server"],
  message: "src/server is server-only.",
};

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "build/",
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
  // Features (use cases) take plain values and Deps: they never import the HTTP layer, an adapter
  // or another feature; the platform's ports and types are theirs to use. See ARCHITECTURE.md.
  ...[...FEATURES, "common"].map((own) => ({
    files: [`src/server/${own}/**/*.ts`],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_HTTP, NO_ADAPTERS, noOtherFeature(own)] }] },
  })),
  {
    // The platform (env, log, database, storage, mail) knows no feature and no HTTP.
    files: ["src/server/platform/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_FEATURES_IN_PLATFORM] }] },
  },
  {
    // The HTTP layer (endpoint(), bodies, cookies, sign-in checks) knows no feature.
    files: ["src/server/http/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_FEATURES_IN_HTTP] }] },
  },
  {
    // The server boundary: code that runs in the browser (islands, shared) or renders markup from
    // its props (components and layouts, .astro files included) does not import server modules;
    // pages and endpoints are where server data comes in.
    files: [
      "src/components/**/*.{ts,tsx,astro}",
      "src/layouts/**/*.{ts,tsx,astro}",
      "src/islands/**/*.{ts,tsx}",
      "src/shared/**/*.ts",
    ],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_SERVER] }] },
  },
);
