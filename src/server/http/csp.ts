/**
 * Narrows a page's Content-Security-Policy to the inline scripts and styles that page really has.
 *
 * Astro's CSP lists the hash of every inline style and script of the whole build on every page
 * (about 30 hashes, 1.8 kB in each static page's <meta> and in each on-demand page's header),
 * which pushed pages past the 14 kB of the first round trip. The policy stays as strict: each
 * page allows exactly the inline code it carries, and nothing inline it does not.
 *
 * Scripts are held to a stricter rule: a page's inline script is allowed only when its hash is
 * also on the list Astro builds from the templates at build time (the hashes in the policy Astro
 * hands over). The rendered page is checked against that list: an inline script that no template
 * emits (an injection, however it got there) gets no hash, so the browser refuses to run it, and
 * it is reported (`unlistedScripts`).
 */
import { createHash } from "node:crypto";

/**
 * Inline scripts that CSP governs: those that run, and Speculation Rules (JSON that the browser
 * acts on, allowed by script-src like a script); not `src=`, not data blocks such as JSON-LD.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

function runs(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === "module" || type === "text/javascript" || type === "speculationrules";
}

/** The CSP hash sources of the inline scripts and styles of an HTML document. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT))
    if (runs(attributes)) scripts.add(sha256(body));
  for (const [, body = ""] of html.matchAll(INLINE_STYLE)) styles.add(sha256(body));
  return { scripts: [...scripts], styles: [...styles] };
}

function listedHashes(policy: string, directive: string): Set<string> {
  const found = policy
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return new Set((found ?? []).slice(1).filter((s) => HASH_SOURCE.test(s)));
}

/** Hashes of the page's inline scripts that the build-time list (the policy's hashes) lacks. */
export function unlistedScripts(policy: string, html: string): string[] {
  const listed = listedHashes(policy, "script-src");
  return inlineHashes(html).scripts.filter((h) => !listed.has(h));
}

/**
 * The policy with the hash sources of `script-src` and `style-src` replaced by the hashes of the
 * document's own inline code (scripts only when the build-time list has them too); every other
 * source and directive is kept as it is.
 */
export function narrowCsp(policy: string, html: string): string {
  const page = inlineHashes(html);
  const listed = listedHashes(policy, "script-src");
  const own = { scripts: page.scripts.filter((h) => listed.has(h)), styles: page.styles };
  return policy
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name = "", ...sources] = directive.split(/\s+/);
      const hashes = name === "script-src" ? own.scripts : name === "style-src" ? own.styles : undefined;
      if (!hashes) return directive;
      return [name, ...sources.filter((s) => !HASH_SOURCE.test(s)), ...hashes].join(" ");
    })
    .join("; ");
}

const META_CSP = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;

/** A static page's HTML with its <meta> CSP narrowed to its own inline code (unchanged without one). */
export function narrowMetaCsp(html: string): string {
  return html.replace(META_CSP, (_m, open: string, policy: string, close: string) => {
    return open + narrowCsp(policy, html) + close;
  });
}
