/**
 * The public pages' Speculation Rules (`<script type="speculationrules">`, written by
 * src/layouts/Base.astro on every public page, never on staff pages). Nothing in them runs: the
 * browser reads the JSON and fetches, or renders ahead, the page a visitor is about to open.
 *
 * - prefetch: any link of this site, on "moderate" eagerness (the pointer resting on it for
 *   200 ms on a desktop, a press, or on a phone the link that the viewport heuristics pick);
 * - prerender: the most likely next pages, on "eager": the menu's links, the call-to-action
 *   buttons of a page (home's "Explore services") and the blog list's posts. Since Chrome 141 on
 *   desktop "eager" starts on a short hover (not at once, which is now "immediate"), and on a
 *   phone when the link has been in view a moment. The head start counts: on "moderate" a
 *   prerender began 200 ms into the hover, and the post it was making was often still busy when
 *   the visitor clicked, so the click waited on it (traced: the activation queued behind the
 *   post's parsing and layout; bench/speculation.ts, /blog → a post, a median of 173 ms from the
 *   click's activation to the first paint on "moderate" and 108 ms on "eager", the same minutes).
 *
 * Never for the staff pages (/dashboard, /admin), the API (/api), a link with a query (filters,
 * pages, anything that could change state), a download, a link that opens elsewhere or a link
 * marked `nofollow` or `.no-speculate`: every rule has the same `not` clause (NEVER), by address
 * (URL patterns, case as written) and by the link's own attribute (CSS, any case). The e2e test
 * tests/e2e/speculation.spec.ts checks every public page's rules against those addresses.
 *
 * Save-Data: rules cannot read it in the page. Chromium itself starts no speculation when the
 * visitor's browser is in data-saver mode, with the Energy Saver on, or with "Preload pages"
 * turned off; the on-demand pages also leave the rules out when the request says Save-Data
 * (src/middleware.ts). Browsers without Speculation Rules ignore the element.
 *
 * CSP: the element is governed by script-src like an inline script; its hash (SPECULATION_HASH)
 * is handed to the page's policy by the layout, so no 'unsafe-inline' is needed.
 */
import { createHash } from "node:crypto";

/** Addresses no rule may ever name: staff screens and the API. */
export const NEVER_SPECULATE_PATHS = ["/dashboard", "/admin", "/api"] as const;

const NEVER = {
  not: {
    or: [
      { href_matches: NEVER_SPECULATE_PATHS.flatMap((p) => [p, `${p}/*`]) },
      {
        selector_matches:
          '[href*="/dashboard" i],[href*="/admin" i],[href*="/api" i],[href*="?"],[download],[target],[rel~=nofollow],.no-speculate',
      },
    ],
  },
};

/** Links the visitor is most likely to follow next: the menu, a page's buttons, the blog's posts. */
const LIKELY_NEXT = ".site-header a:not([aria-current]),main a.btn,.post-card a";

export const SPECULATION_RULES = {
  prerender: [
    {
      where: { and: [{ href_matches: "/*" }, { selector_matches: LIKELY_NEXT }, NEVER] },
      eagerness: "eager",
    },
  ],
  prefetch: [{ where: { and: [{ href_matches: "/*" }, NEVER] }, eagerness: "moderate" }],
} as const;

/** The element's exact text: the CSP hash is of these bytes. */
export const SPECULATION_JSON = JSON.stringify(SPECULATION_RULES);

export const SPECULATION_HASH =
  `sha256-${createHash("sha256").update(SPECULATION_JSON, "utf8").digest("base64")}` as const;

/** The element as the layout writes it (the middleware finds it by this to leave it out). */
export const SPECULATION_ELEMENT = `<script type="speculationrules">${SPECULATION_JSON}</script>`;
