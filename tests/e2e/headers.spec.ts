import { expect, test } from "@playwright/test";

/**
 * Security headers on one path of each kind the site serves: a prerendered page (static file),
 * an on-demand page (Astro's SSR function), and a function. Scripts are never allowed inline
 * without a hash.
 */
const COMMON = [
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
];

test.describe("security headers", () => {
  test.skip(({ isMobile }) => isMobile, "headers do not depend on the device");

  for (const [kind, path] of [
    ["static page", "/about"],
    ["on-demand page", "/blog"],
    ["function", "/api/get-posts"],
  ] as const) {
    test(`${kind} ${path}`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const h = res.headers();
      for (const name of COMMON) expect(h[name], name).toBeTruthy();
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["strict-transport-security"]).toContain("max-age=");
      const csp = h["content-security-policy"] ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      if (kind === "function") {
        expect(csp).toContain("default-src 'none'");
      } else {
        // The script policy of a page: Astro's hashes, in the header (on demand) or a <meta> (static).
        const html = await res.text();
        const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i)?.[1] ?? "";
        const scriptPolicy = `${csp} ${meta}`.match(/script-src [^;]+/)?.[0] ?? "";
        expect(scriptPolicy).toMatch(/script-src 'self'/);
        expect(scriptPolicy).not.toContain("'unsafe-inline'");
      }
    });
  }
});
