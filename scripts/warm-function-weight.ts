/**
 * Zips every function and keeps the figures the function-weight test reads
 * (scripts/lib/function-weight.ts). `npm test` runs it beside the static checks.
 */
import path from "node:path";
import { weighFunctions } from "./lib/function-weight";

const root = path.resolve(import.meta.dirname, "..");
const { weighed, fromCache } = await weighFunctions(root);
console.log(
  fromCache
    ? `function weight: already kept (${weighed.key})`
    : `function weight: ${weighed.functions.length} functions zipped in ${(weighed.bundledMs / 1000).toFixed(0)} s, kept as ${weighed.key}`,
);
