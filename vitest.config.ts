import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/unit/**/*.test.ts",
      "tests/service/**/*.test.ts",
      "tests/api/**/*.test.ts",
      "tests/race/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: run files in two workers; each file gets databases of its own.
    maxWorkers: 2,
    pool: "forks",
  },
});
