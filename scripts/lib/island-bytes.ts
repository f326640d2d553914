/**
 * What an island costs on first use: the scripts a page's `<astro-island>` fetches when it
 * hydrates (its component and renderer modules and every module they import statically), each
 * with its gzip size. Modules reached only through `import()` are left out: they load later, when
 * the island asks for them (the contact form's calendar when it is first opened).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface IslandChunk {
  /** The file under dist/_astro. */
  file: string;
  gzip: number;
}

/** The static imports of a built ES module (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
export function staticImports(code: string): string[] {
  const out = new Set<string>();
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.add(m[1]!);
  return [...out];
}

/** The island of `component` (its astro-island's component-url ends `/<component>.<hash>.js`). */
export function islandChunks(distDir: string, pageHtml: string, component: string): IslandChunk[] {
  const tag = [...pageHtml.matchAll(/<astro-island\b[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => new RegExp(`component-url="/_astro/${component}\\.[^"]+\\.js"`).test(t));
  if (!tag) throw new Error(`no astro-island for ${component}`);
  const urls = ["component-url", "renderer-url"].map((a) => new RegExp(`${a}="([^"]+)"`).exec(tag)?.[1]);
  const seen = new Map<string, number>();
  const visit = (url: string) => {
    const file = path.join(distDir, url);
    if (seen.has(file)) return;
    const code = readFileSync(file);
    seen.set(file, gzipSync(code, { level: 9 }).length);
    for (const dep of staticImports(code.toString("utf8")))
      visit(path.posix.join(path.posix.dirname(url), dep));
  };
  for (const u of urls) if (u) visit(u);
  return [...seen].map(([file, gzip]) => ({ file: path.relative(path.join(distDir, "_astro"), file), gzip }));
}
