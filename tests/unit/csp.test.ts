import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineHashes, narrowCsp, narrowMetaCsp, unlistedScripts } from "../../src/server/http/csp";

const hash = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
const OTHER = "'sha256-c29tZXRoaW5nIGZyb20gYW5vdGhlciBwYWdl+AAAAAAAAAA='";

const html = [
  "<html><head>",
  '<meta http-equiv="content-security-policy" content="script-src \'self\' ' +
    OTHER +
    "; style-src 'self' " +
    OTHER +
    '">',
  "<style>body{color:red}</style>",
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  '<script type="module" src="/_astro/island.js"></script>',
  "<script>console.log(1)</script>",
  '<script type="module">import("/x.js")</script>',
  "</head><body></body></html>",
].join("");

describe("page CSP", () => {
  it("hashes the inline scripts that run and the inline styles, not data blocks or external scripts", () => {
    expect(inlineHashes(html)).toEqual({
      scripts: [hash("console.log(1)"), hash('import("/x.js")')],
      styles: [hash("body{color:red}")],
    });
  });

  it("hashes Speculation Rules like a script: CSP's script-src governs them", () => {
    const rules = '{"prefetch":[{"where":{"href_matches":"/*"}}]}';
    const page = `<p>x</p><script type="speculationrules">${rules}</script>`;
    expect(inlineHashes(page).scripts).toEqual([hash(rules)]);
    // Kept only when the build-time list has it, like any inline script.
    expect(narrowCsp(`script-src 'self' ${hash(rules)}`, page)).toBe(`script-src 'self' ${hash(rules)}`);
    expect(unlistedScripts("script-src 'self'", page)).toEqual([hash(rules)]);
  });

  it("replaces every hash source with the page's own and keeps all other sources and directives", () => {
    // Astro's build-time list has every template script of the build; the page keeps its own.
    const listed = `${hash("console.log(1)")} ${hash('import("/x.js")')}`;
    const policy = `script-src 'self' https://www.googletagmanager.com ${OTHER} ${listed}; style-src 'self' ${OTHER}; frame-ancestors 'none'`;
    expect(narrowCsp(policy, html)).toBe(
      `script-src 'self' https://www.googletagmanager.com ${hash("console.log(1)")} ${hash('import("/x.js")')}; ` +
        `style-src 'self' ${hash("body{color:red}")}; frame-ancestors 'none'`,
    );
  });

  it("leaves only 'self' when a page has no inline code", () => {
    expect(narrowCsp(`script-src 'self' ${OTHER}; style-src 'self' ${OTHER}`, "<p>text</p>")).toBe(
      "script-src 'self'; style-src 'self'",
    );
  });

  it("rewrites a static page's <meta> policy in place", () => {
    const out = narrowMetaCsp(html);
    expect(out).not.toContain(OTHER);
    expect(out).toContain(`style-src 'self' ${hash("body{color:red}")}"`);
    expect(out.replace(/content="[^"]*"/, "")).toBe(html.replace(/content="[^"]*"/, ""));
  });
});

describe("page CSP of on-demand pages: only scripts the templates emit", () => {
  const template = "console.log('from a template')";
  const injected = "fetch('/api/get-users').then((r) => r.text()).then(alert)";
  const page = `<html><head><script>${template}</script></head><body><p>comment</p><script>${injected}</script></body></html>`;
  const policy = `script-src 'self' ${hash(template)} ${OTHER}; style-src 'self'`;

  it("gives no hash to an inline script that is not on the build-time list, and keeps the listed one", () => {
    const narrowed = narrowCsp(policy, page);
    expect(narrowed).toContain(hash(template));
    expect(narrowed).not.toContain(hash(injected));
    expect(narrowed).not.toContain(OTHER);
  });

  it("reports the scripts of a rendered page that no template emits", () => {
    expect(unlistedScripts(policy, page)).toEqual([hash(injected)]);
    expect(unlistedScripts(policy, `<script>${template}</script>`)).toEqual([]);
  });
});
