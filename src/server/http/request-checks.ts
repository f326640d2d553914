/**
 * Checks on how a request came: its method, its origin (state-changing requests from another site
 * are refused) and whether it is a browser's own form post.
 */
import { HttpError } from "./errors";

export function requireMethod(req: Request, ...methods: string[]) {
  if (!methods.includes(req.method))
    throw new HttpError(405, `Use ${methods.join(" or ")} for this address.`, {
      Allow: methods.join(", "),
    });
}

/** Refuses state-changing requests sent from another site (CSRF defence in depth). */
export function requireSameOrigin(req: Request, siteUrl: string) {
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.get("origin");
  if (!origin) {
    // Browsers send Origin on every cross-site POST; a missing one with a foreign
    // Sec-Fetch-Site is still refused.
    const site = req.headers.get("sec-fetch-site");
    if (site && site !== "same-origin" && site !== "none")
      throw new HttpError(403, "This request must come from the site itself.");
    return;
  }
  const allowed = new Set([new URL(req.url).origin, new URL(siteUrl).origin]);
  if (!allowed.has(origin)) throw new HttpError(403, "This request must come from the site itself.");
}

/**
 * True for a browser's own form post (a navigation), false for fetch and XMLHttpRequest, which
 * send Sec-Fetch-Mode "cors" or "same-origin" and Accept "*\/*". Without Fetch Metadata (an older
 * browser, a script), an Accept that asks for HTML decides.
 */
export function isNativeForm(req: Request): boolean {
  const mode = req.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (req.headers.get("accept") ?? "").toLowerCase().includes("text/html");
}
