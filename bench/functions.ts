/**
 * Size and cold import time of every function bundle, bundled the way Netlify bundles them
 * (esbuild, one file per function), imported in a fresh Node process each time.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { functionFiles } from "../scripts/lib/functions";
import { kb, median, ms, table } from "./lib/stats";

export const BUNDLE_BUDGET_BYTES = 1024 * 1024;
export const COLD_IMPORT_BUDGET_MS = 150;

export interface FunctionFigure {
  name: string;
  bytes: number;
  coldMs: number;
}

export async function benchFunctions(
  root = process.cwd(),
): Promise<{ figures: FunctionFigure[]; markdown: string }> {
  const outDir = path.join(root, "bench", "tmp", "functions");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const files = functionFiles(root);
  const figures: FunctionFigure[] = [];
  for (const file of files) {
    const name = path.basename(file).replace(/\.\w+$/, "");
    const outfile = path.join(outDir, `${name}.mjs`);
    await build({
      entryPoints: [file],
      outfile,
      bundle: true,
      platform: "node",
      target: "node22",
      format: "esm",
      logLevel: "silent",
      // The same modules netlify.toml ships beside the bundles (loaded lazily), plus native ones.
      external: ["pg-native", "sharp", "@electric-sql/pglite", "@aws-sdk/*", "@smithy/*"],
      banner: {
        js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
    });
    const bytes = statSync(outfile).size;
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const out = execFileSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const t = performance.now(); await import(${JSON.stringify(`file://${outfile}`)}); console.log(performance.now() - t);`,
        ],
        { env: { ...process.env, SESSION_SECRET: "x".repeat(48), LOG_LEVEL: "silent" }, encoding: "utf8" },
      );
      times.push(Number(out.trim()));
    }
    figures.push({ name, bytes, coldMs: median(times) });
  }
  figures.sort((a, b) => b.bytes - a.bytes);
  const markdown = table(
    ["function", "bundle", "cold import (median of 3)", "within budget"],
    figures.map((f) => [
      f.name,
      kb(f.bytes),
      ms(f.coldMs),
      f.bytes <= BUNDLE_BUDGET_BYTES && f.coldMs <= COLD_IMPORT_BUDGET_MS ? "yes" : "**no**",
    ]),
  );
  return { figures, markdown };
}
