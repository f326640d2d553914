import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { companyFileVite } from "./src/config/company-file.mjs";

/**
 * Unit and service tests run once (service tests walk both databases themselves). The in-process
 * API suite runs once, on the real PostgreSQL server that the test script starts (PG_TEST_URL),
 * where requests run truly concurrently, or on PGlite when there is none. PGlite, which an
 * embedded (`npm start`) user runs on, also serves the e2e suite and the service tests walk it;
 * besides, a pass over every endpoint runs on it (EMBEDDED).
 */
const API = ["tests/api/**/*.test.ts"];
const EMBEDDED = ["tests/api/endpoint-guards.test.ts"];
const withPostgres = Boolean(process.env.PG_TEST_URL);

export default defineConfig({
  // COMPANY_JSON=<file> runs the tests under another company's facts (src/config/company-file.mjs).
  plugins: [companyFileVite(fileURLToPath(new URL(".", import.meta.url)))],
  test: {
    environment: "node",
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores, three workers: files also wait on PostgreSQL and on files, so a third keeps the
    // cores busy (the whole run on one machine: 199 s with two, 184 s with three). Each file gets
    // databases of its own.
    maxWorkers: 3,
    pool: "forks",
    // `npm run coverage`: V8 line coverage of the server and the shared code.
    coverage: {
      provider: "v8",
      include: ["src/server/**", "src/shared/**"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "test-results/coverage",
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit+service",
          include: ["tests/unit/**/*.test.ts", "tests/service/**/*.test.ts", "tests/race/**/*.test.ts"],
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: { name: "api:postgres", include: API, env: { API_DB: "postgres" } },
            },
            {
              extends: true as const,
              test: { name: "api:pglite", include: EMBEDDED, env: { API_DB: "pglite" } },
            },
          ]
        : [
            { extends: true as const, test: { name: "api:pglite", include: API, env: { API_DB: "pglite" } } },
          ]),
    ],
  },
});
