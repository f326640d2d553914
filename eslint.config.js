import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import globals from "globals";
import tseslint from "typescript-eslint";

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
