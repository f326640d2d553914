/** The figures helpers live in scripts/lib/stats.ts (the rehearsal uses them too and imports nothing from bench/). */
export * from "../../scripts/lib/stats";
