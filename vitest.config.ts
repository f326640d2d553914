import { defineConfig } from "vitest/config";

/**
 * Unit and service tests run once (service tests walk both databases themselves); the in-process
 * API tests run twice, once on PGlite and once on a real PostgreSQL server when the test script
 * has started one (PG_TEST_URL): only there do requests run truly concurrently.
 */
const API = ["tests/api/**/*.test.ts"];
const withPostgres = Boolean(process.env.PG_TEST_URL);

export default defineConfig({
  test: {
    environment: "node",
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: run files in two workers; each file gets databases of its own.
    maxWorkers: 2,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "unit+service",
          include: ["tests/unit/**/*.test.ts", "tests/service/**/*.test.ts", "tests/race/**/*.test.ts"],
        },
      },
      { extends: true, test: { name: "api:pglite", include: API, env: { API_DB: "pglite" } } },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: { name: "api:postgres", include: API, env: { API_DB: "postgres" } },
            },
          ]
        : []),
    ],
  },
});
