import { ISLAND_LOADER, ISLAND_RUNTIME_FILE } from "../../components/layout/island-loader";
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

/** Astro's inline island runtime gives way to its loader (src/components/layout/island-loader.ts). */
const ISLAND_RUNTIME = `<script>${ISLAND_RUNTIME_FILE.text}</script>`;
/** An island that starts at once (client:load, client:only) is the page's content: it keeps the runtime inline. */
const STARTS_AT_ONCE = /<astro-island\b[^>]*\sclient="(load|only)"/;

export function externalIslandRuntime(html: string): string {
  return html.includes(ISLAND_RUNTIME) && !STARTS_AT_ONCE.test(html)
    ? html.replace(ISLAND_RUNTIME, `<script>${ISLAND_LOADER}</script>`)
    : html;
}
