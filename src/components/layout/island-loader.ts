/**
 * Astro writes its island runtime (the `astro-island` element, about 4.4 kB, 1.6 kB compressed)
 * inline, before a page's first island. In the HTML it makes a page with islands cross the first
 * round trip's 14 kB (TCP's first window), which costs a mobile visitor a whole round trip before
 * the page can paint. As a plain `<script src>` it would cost the same round trip (the browser
 * would fetch it beside the page, before the first paint). So the page carries this small loader
 * instead (src/server/http/html-head.ts puts it where the runtime was), which asks for the
 * runtime's file (the same bytes, named by their hash, cached for a year under /_astro/) once the
 * page has loaded and painted (a picture that is the largest paint first) and an island is near
 * the view; the islands' directive scripts stay inline, and each island starts when the runtime
 * arrives, as it would inline. Every
 * such island's markup is rendered on the server and works before it starts (the forms post
 * without script), so the wait costs nothing a visitor sees. A page whose island starts at once
 * (client:load, client:only: /ack, /admin, the dashboard, where the island is the page's whole
 * content) keeps the runtime inline. The build writes the file
 * (src/integrations/page-csp.ts); the loader's hash is handed to every page's CSP by the layout.
 */
import { createHash } from "node:crypto";
// eslint-disable-next-line no-restricted-imports -- Astro's own runtime (its package path has "server" in it), not src/server
import islandRuntime from "astro/runtime/server/astro-island.prebuilt.js";

/** The runtime's file, as the build writes it. */
export const ISLAND_RUNTIME_FILE = {
  path: `/_astro/astro-island.${createHash("sha256").update(islandRuntime).digest("hex").slice(0, 12)}.js`,
  text: islandRuntime,
};

/**
 * When the page has loaded (its pictures too) and its largest paint is made (where the browser
 * reports largest paints, Chromium: 50 ms after the last one reported; elsewhere 50 ms after load;
 * at most 3 s after load): then, on a page with a `client:near` island (the contact form, which
 * must be ready the moment a visitor reaches it, even by a jump), the runtime's file at once;
 * otherwise once an island is in view (its children, since an `astro-island` has no box of its
 * own). So its request is no part of the page's first paints, and a page whose islands wait for
 * the view loads no script until the visitor scrolls to them (the islands' own directives then
 * start each one; `client:near` fetches its modules within a screen of the view).
 */
export const ISLAND_LOADER =
  `addEventListener("load",()=>{let d,g,t,o;const go=()=>{if(g)return;g=1;` +
  `const s=document.createElement("script");s.src=${JSON.stringify(ISLAND_RUNTIME_FILE.path)};document.head.append(s)},` +
  `near=()=>{if(d)return;d=1;o&&o.disconnect();for(const i of document.querySelectorAll("astro-island")){` +
  `if(i.getAttribute("client")=="near")return go();` +
  `const v=new IntersectionObserver(e=>{if(e.some(x=>x.isIntersecting)){v.disconnect();go()}});` +
  `for(const c of i.children)v.observe(c)}},` +
  `wait=()=>{clearTimeout(t);t=setTimeout(near,50)};setTimeout(near,3e3);` +
  `if(PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")){o=new PerformanceObserver(wait);` +
  `o.observe({type:"largest-contentful-paint",buffered:!0})}else wait()})`;

export const ISLAND_LOADER_HASH =
  `sha256-${createHash("sha256").update(ISLAND_LOADER, "utf8").digest("base64")}` as const;
