import { expect, test } from "@playwright/test";
import { builtPages, htmlErrors, nuErrors, sitemapPaths } from "./helpers/html-validity";
import { loginAs } from "./helpers/staff";

/**
 * Every page is valid HTML: each page the build wrote to dist/, each page of the sitemap (the
 * on-demand blog, posts, careers and openings among them), the staff pages, and the answers for
 * a missing page, all as the local server serves them. Each is checked twice: by html-validate
 * (with the references between ids) and by the W3C's own Nu HTML Checker.
 */
test.describe("HTML validity", () => {
  test.skip(({ isMobile }) => isMobile, "the markup does not depend on the device");

  test("every built, listed and staff page validates with 0 errors", async ({ page, request }) => {
    test.setTimeout(180_000);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const listed = sitemapPaths(await sitemap.text());
    expect(listed).toContain("/blog");
    expect(
      listed.some((p) => /^\/blog\/[a-z0-9-]+$/.test(p)),
      "a post in the sitemap",
    ).toBe(true);
    expect(
      listed.some((p) => /^\/careers\/\d+/.test(p)),
      "an opening in the sitemap",
    ).toBe(true);
    const paths = [...new Set([...builtPages(), ...listed, "/admin", "/dashboard", "/no-such-page"])];

    const failures: string[] = [];
    const docs: { name: string; html: string }[] = [];
    for (const path of paths) {
      const res = await request.get(path);
      if (!(res.headers()["content-type"] ?? "").startsWith("text/html")) {
        failures.push(`${path}: answered ${res.status()} ${res.headers()["content-type"]}`);
        continue;
      }
      const html = await res.text();
      docs.push({ name: path, html });
      for (const e of await htmlErrors(html, path)) failures.push(`${path}: ${e}`);
    }
    // The dashboard as a signed-in member of staff sees it, once its screen has rendered.
    await loginAs(page, "root_admin");
    for (const path of ["/dashboard", "/dashboard/leads", "/dashboard/candidates"]) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      await page.waitForLoadState("networkidle");
      const html = await page.content();
      docs.push({ name: `${path} (signed in)`, html });
      for (const e of await htmlErrors(html, path)) failures.push(`${path} (signed in): ${e}`);
    }
    failures.push(...nuErrors(docs).map((e) => `Nu HTML Checker: ${e}`));
    expect(docs.map((d) => d.name)).toEqual(expect.arrayContaining(["/trust", "/security", "/contact"]));
    expect(failures, failures.join("\n")).toEqual([]);
    expect(paths.length).toBeGreaterThan(20);
  });
});
