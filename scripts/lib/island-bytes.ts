/**
 * What an island costs on first use: the scripts a page's `<astro-island>` fetches when it
 * hydrates (its component and renderer modules and every module they import statically), each
 * with its gzip size. Modules reached only through `import()` are left out: they load later, when
 * the island asks for them (the contact form's calendar when it is first opened).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { islandModuleUrls } from "../../src/integrations/client-near/module-graph";

export interface IslandChunk {
  /** The file under dist/_astro. */
  file: string;
  gzip: number;
}

/** The island of `component` (its astro-island's component-url ends `/<component>.<hash>.js`). */
export function islandChunks(distDir: string, pageHtml: string, component: string): IslandChunk[] {
  const tag = [...pageHtml.matchAll(/<astro-island\b[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => new RegExp(`component-url="/_astro/${component}\\.[^"]+\\.js(\\?[^"]*)?"`).test(t));
  if (!tag) throw new Error(`no astro-island for ${component}`);
  return islandModuleUrls(distDir, tag).map((url) => {
    const file = path.join(distDir, new URL(url, "http://site").pathname);
    return {
      file: path.relative(path.join(distDir, "_astro"), file),
      gzip: gzipSync(readFileSync(file), { level: 9 }).length,
    };
  });
}
