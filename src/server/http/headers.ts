/**
 * Security headers shared by functions and on-demand pages. Static files get the same set from
 * netlify.toml (on Netlify, netlify.toml headers reach static files only).
 *
 * The CSP here is the outer policy: it forbids framing, plugins and foreign origins. Pages also
 * carry Astro's <meta> CSP with a hash for every inline script and style, so scripts never need
 * 'unsafe-inline'.
 */
/** Pages: the script and style rules (with hashes) come from Astro's <meta> CSP in each page. */
export const PAGE_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

/** Functions answer data, never documents that run scripts. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const COMMON: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "X-Frame-Options": "DENY",
};

/**
 * Cross-Origin-Opener-Policy: staff pages and API answers only. On a public page it would cost
 * every visitor a fresh renderer process (Chrome must leave the browsing context group it came
 * from; on Android it also isolates the site), which doubled the first task of every marketing
 * page in Lighthouse. Public pages hold no session, cannot be framed, and open nothing; the
 * staff dashboard, which does hold a session, keeps it (netlify.toml, /admin and /dashboard).
 */
export const COOP = { "Cross-Origin-Opener-Policy": "same-origin" } as const;

export const API_HEADERS: Record<string, string> = {
  ...COMMON,
  ...COOP,
  "Content-Security-Policy": API_CSP,
};
export const PAGE_HEADERS: Record<string, string> = { ...COMMON, "Content-Security-Policy": PAGE_CSP };

/**
 * Adds the security headers to a Headers object, keeping any that are already set. A page's
 * own CSP (Astro's, with script and style hashes) is kept and the outer directives appended.
 */
export function applySecurityHeaders(headers: Headers, kind: "api" | "page" = "api"): Headers {
  const set = kind === "api" ? API_HEADERS : PAGE_HEADERS;
  for (const [k, v] of Object.entries(set)) {
    const current = headers.get(k);
    if (current === null) headers.set(k, v);
    else if (k === "Content-Security-Policy" && kind === "page" && !current.includes("frame-ancestors"))
      headers.set(k, `${current.replace(/;\s*$/, "")}; ${PAGE_CSP}`);
  }
  return headers;
}

export const NO_STORE = "private, no-store, max-age=0";
