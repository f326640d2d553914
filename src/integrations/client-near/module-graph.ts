/**
 * The scripts an island runs when it hydrates, read from the built files: its component and
 * renderer modules and every module they import statically (not `import()`: those load later,
 * when the island asks for them). Used by the build (./index.ts, to let `client:near` fetch them
 * all at once) and by the island's measures (scripts/lib/island-bytes.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The static imports of a built ES module (`import … from "./x.js"`, `import "./x.js"`, with any
 * query the build put after them, such as a deploy id), not `import()`.
 */
export function staticImports(code: string): string[] {
  const out = new Set<string>();
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]+?\s*from\s*)?["']([^"']+\.js(?:\?[^"']*)?)["']/g;
  for (const m of code.matchAll(re)) out.add(m[1]!);
  return [...out];
}

/** An `<astro-island>` tag's attribute, unescaped enough for the URLs Astro writes there. */
export function islandAttribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, "&");
}

/**
 * The URLs (site paths, queries kept) of the given modules and every module they import
 * statically, each once, in the order met; `distDir` is the built site, where a path /x.js is the
 * file distDir/x.js.
 */
export function moduleGraphUrls(distDir: string, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const file = path.join(distDir, decodeURIComponent(new URL(url, "http://site").pathname));
    for (const spec of staticImports(readFileSync(file, "utf8"))) {
      const next = new URL(spec, new URL(url, "http://site"));
      visit(`${next.pathname}${next.search}`);
    }
  };
  for (const url of entries) visit(url);
  return [...seen];
}

/** The modules an island loads to hydrate (moduleGraphUrls), its own two first. */
export function islandModuleUrls(distDir: string, tag: string): string[] {
  const entries = ["component-url", "renderer-url"].map((name) => islandAttribute(tag, name));
  return moduleGraphUrls(
    distDir,
    entries.filter((u): u is string => Boolean(u)),
  );
}
