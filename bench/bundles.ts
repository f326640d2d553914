/** The bundles bench lives in scripts/lib/bundle-bench.ts (the rehearsal runs it and imports nothing from bench/). */
export * from "../scripts/lib/bundle-bench";
