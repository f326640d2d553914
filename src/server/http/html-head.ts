import { createHash } from "node:crypto";
import islandRuntime from "astro/runtime/server/astro-island.prebuilt.js";
/**
 * Astro writes the style rule of its islands (`astro-island{display:contents}`) just before the
 * first island, inside <body>, where HTML does not allow <style>
 * (https://html.spec.whatwg.org/multipage/semantics.html#the-style-element). This moves that one
 * rule into <head>, byte for byte, so the page stays valid and its CSP hash stays the same.
 */
const ISLAND_STYLE = "<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>";

export function hoistIslandStyle(html: string): string {
  const head = html.indexOf("</head>");
  if (head < 0 || !html.includes(ISLAND_STYLE, head)) return html;
  const before = html.slice(0, head);
  const after = html.slice(head).replaceAll(ISLAND_STYLE, "");
  return before + (before.includes(ISLAND_STYLE) ? "" : ISLAND_STYLE) + after;
}

/**
 * Astro also writes its island runtime (the `astro-island` element, about 4.4 kB, 1.6 kB
 * compressed) inline, before a page's first island. In the HTML it makes every page with an
 * island cross the first round trip's 14 kB (TCP's first window), which costs a mobile visitor a
 * whole round trip before the page can paint; as a file it is fetched once, cached for a year
 * (/_astro/*), and read after the page is parsed. So the inline copy becomes a deferred script of
 * the same bytes, named by their hash: `islandRuntimeFile` is the file the build writes
 * (src/integrations/page-csp.ts). An island that runs after the file: the runtime waits for its
 * directive (`client:visible`...) as it does inline, since the directive scripts stay inline.
 */
const ISLAND_RUNTIME = `<script>${islandRuntime}</script>`;

export const islandRuntimeFile = {
  path: `/_astro/astro-island.${createHash("sha256").update(islandRuntime).digest("hex").slice(0, 12)}.js`,
  text: islandRuntime,
};

export function externalIslandRuntime(html: string): string {
  return html.includes(ISLAND_RUNTIME)
    ? html.replace(ISLAND_RUNTIME, `<script src="${islandRuntimeFile.path}" defer></script>`)
    : html;
}
