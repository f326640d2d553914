import { expect, test, type Page } from "@playwright/test";
import { TAG_ID } from "../../playwright.analytics.config";
import { scriptSrc, watchViolations } from "../e2e/helpers/csp";
import { loginAs } from "../e2e/helpers/staff";

/**
 * With GOOGLE_TAG_ID set at build and run time: the tag is offered to public pages only, after the
 * page has loaded, and every island still runs under the policy that lets Google's script in.
 */
const GTAG = "https://www.googletagmanager.com/gtag/js**";

/** Answers Google's script locally (no outside network here); it notes when it ran. */
async function stubGoogle(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(GTAG, (route) => {
    requested.push(route.request().url());
    return route.fulfill({
      contentType: "text/javascript",
      body: "window.__tagRanAt = document.readyState;",
    });
  });
  return requested;
}

type TagWindow = { __tagRanAt?: string; dataLayer?: unknown[][] };

test("/config.json serves the configured id", async ({ request }) => {
  expect(await (await request.get("/config.json")).json()).toEqual({ googleTagId: TAG_ID });
});

test("public pages load the tag once the page has loaded, with the configured id", async ({ page }) => {
  const requested = await stubGoogle(page);
  for (const path of ["/", "/blog", "/contact%20us"]) {
    requested.length = 0;
    await page.goto(path);
    await expect
      .poll(() => page.evaluate(() => (window as TagWindow).__tagRanAt), { message: path })
      .toBe("complete");
    expect(requested, path).toEqual([`https://www.googletagmanager.com/gtag/js?id=${TAG_ID}`]);
    const layer = await page.evaluate(() =>
      ((window as TagWindow).dataLayer ?? []).map((a) => Array.from(a)),
    );
    expect(layer, path).toContainEqual(["config", TAG_ID]);
  }
});

test("the policy lets Google's script in beside the site's own, on static and on-demand pages", async ({
  request,
}) => {
  for (const path of ["/", "/about", "/blog", "/carrier"]) {
    const res = await request.get(path);
    const policy = scriptSrc(res.headers()["content-security-policy"], await res.text());
    expect(policy, path).toContain("'self'");
    expect(policy, path).toContain("https://www.googletagmanager.com");
    expect(policy, path).not.toContain("'unsafe-inline'");
  }
});

test("islands hydrate with no policy violation when the tag is on", async ({ page }) => {
  await stubGoogle(page);
  const violations = await watchViolations(page);
  for (const path of ["/contact%20us", "/carrier", "/managed-cloud-services", "/blog/1"]) {
    await page.goto(path);
    // Bring each island into view in turn (most hydrate when visible). An island is
    // `display: contents`: its first element is what can be scrolled to.
    await page.evaluate(async () => {
      for (const island of document.querySelectorAll("astro-island")) {
        (island.firstElementChild ?? island).scrollIntoView({ block: "center" });
        await new Promise((r) => setTimeout(r, 150));
      }
    });
    await expect.poll(() => page.locator("astro-island[ssr]").count(), { message: path }).toBe(0);
    expect(await violations(), path).toEqual([]);
  }
});

test("staff pages carry no tag code and never ask for the tag", async ({ page, request }) => {
  const requested = await stubGoogle(page);
  for (const path of ["/admin", "/dashboard/"]) {
    const res = await request.get(path);
    const html = await res.text();
    expect(html, path).not.toContain("googletagmanager");
    expect(scriptSrc(res.headers()["content-security-policy"], html), path).not.toContain("googletagmanager");
  }
  await page.goto("/admin");
  await loginAs(page, "root_admin");
  for (const path of ["/admin", "/dashboard/leads"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The public pages' loader fires within moments of the load event; give it ample time here.
    await page.waitForTimeout(2000);
    expect(await page.evaluate(() => (window as TagWindow).dataLayer), path).toBeUndefined();
  }
  expect(requested).toEqual([]);
});
