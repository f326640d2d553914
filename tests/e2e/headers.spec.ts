import { expect, test } from "@playwright/test";
import { scriptSrc, visitWhole, watchViolations } from "./helpers/csp";
import { DASHBOARD_SCREENS, loginAs } from "./helpers/staff";

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
        const scriptPolicy = scriptSrc(csp, await res.text());
        expect(scriptPolicy).toMatch(/script-src 'self'/);
        expect(scriptPolicy).not.toContain("'unsafe-inline'");
      }
    });
  }

  test("staff pages keep other origins' windows away (COOP); public pages do not pay for it", async ({
    request,
  }) => {
    for (const path of ["/admin", "/admin/", "/dashboard/", "/dashboard/leads", "/api/get-posts"])
      expect((await request.get(path)).headers()["cross-origin-opener-policy"], path).toBe("same-origin");
    for (const path of ["/", "/about", "/blog", "/careers", "/contact"])
      expect((await request.get(path)).headers()["cross-origin-opener-policy"], path).toBeUndefined();
  });
});

test.describe("each page's CSP allows exactly what it runs", () => {
  test.skip(({ isMobile }) => isMobile, "the policy does not depend on the device");

  test("public pages with and without islands: no violation, no foreign hash", async ({ page, request }) => {
    const violations = await watchViolations(page);
    for (const path of ["/", "/service", "/contact", "/blog", "/blog/1", "/careers", "/admin"]) {
      await visitWhole(page, path);
      expect(await violations(), path).toEqual([]);
      // The policy lists only hashes of inline code this page has.
      const res = await request.get(path);
      const html = await res.text();
      const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i)?.[1] ?? "";
      const policy = `${res.headers()["content-security-policy"] ?? ""}; ${meta}`;
      const inline = [...html.matchAll(/<(script|style)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) => m[2] ?? "");
      for (const [, hash] of policy.matchAll(/'sha256-([^']+)'/g)) {
        const matching = await page.evaluate(
          async ({ bodies, hash }) => {
            for (const body of bodies) {
              const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
              if (btoa(String.fromCharCode(...new Uint8Array(digest))) === hash) return true;
            }
            return false;
          },
          { bodies: inline, hash: hash ?? "" },
        );
        expect(matching, `${path}: hash ${hash} matches no inline script or style of the page`).toBe(true);
      }
    }
  });

  test("dashboard screens: no violation", async ({ page }) => {
    await loginAs(page, "root_admin");
    const violations = await watchViolations(page);
    for (const path of DASHBOARD_SCREENS) {
      await visitWhole(page, path);
      expect(await violations(), path).toEqual([]);
    }
  });
});
