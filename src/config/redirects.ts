/**
 * Addresses that moved, and where they went: the one list of the site's permanent redirects.
 * SPEC's route names stay working as 301s to the addresses a buyer reads.
 *
 * Each entry moves its address and everything under it (`/carrier/12-devops` goes to
 * `/careers/12-devops`); the query string is kept, and the browser keeps a #fragment itself.
 *
 * Who answers them: none of these addresses has a file in dist/, so on Netlify the on-demand
 * pages' function gets them (it claims every path without a file, and runs before any redirect
 * rule of netlify.toml or _redirects), and so does the local server (scripts/serve.ts) after its
 * static files. The function answers from this list: src/pages/[...moved].astro for public
 * addresses, src/pages/dashboard/[screen]/[...rest].astro under /dashboard.
 * tests/unit/redirects.test.ts walks the list, tests/e2e/redirects.spec.ts asks the server.
 */
export interface MovedAddress {
  /** The old path, percent-encoded as a browser sends it (`/contact%20us`). */
  from: string;
  to: string;
}

export const MOVED: readonly MovedAddress[] = [
  { from: "/carrier", to: "/careers" },
  { from: "/contact%20us", to: "/contact" },
  { from: "/microervice-development", to: "/microservice-development" },
  { from: "/dashboard/candidate", to: "/dashboard/candidates" },
  { from: "/dashboard/admin_blog", to: "/dashboard/blog" },
  { from: "/dashboard/adminuser", to: "/dashboard/users" },
];

/** The same path in one spelling: percent-escapes as a browser sends them, no trailing slash. */
function normalise(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape matches no entry in its raw form either.
  }
  const encoded = decoded
    .split("/")
    .map((s) => encodeURIComponent(s))
    .join("/");
  return encoded.length > 1 ? encoded.replace(/\/+$/, "") : encoded;
}

/**
 * Where an address moved to (path and query), or undefined when it did not move. `/contact us`,
 * `/contact%20us` and `/contact%20us/` are the same address.
 */
export function movedTo(url: URL): string | undefined {
  const path = normalise(url.pathname);
  for (const m of MOVED) {
    if (path === m.from) return m.to + url.search;
    if (path.startsWith(`${m.from}/`)) return m.to + path.slice(m.from.length) + url.search;
  }
  return undefined;
}
