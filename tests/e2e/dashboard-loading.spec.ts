/**
 * How the dashboard's pages load: each names in its HTML (modulepreload) every module it runs
 * before its screen is usable, so the browser fetches them beside the page rather than one import
 * level after another (src/integrations/preload-at-once.ts); and no schema library (zod) comes
 * with a screen that only shows data (src/integrations/client-routes.ts).
 */
import { expect, test } from "@playwright/test";
import { DASHBOARD_SCREENS, loginAs } from "./helpers/staff";

/** Usable: the screen's heading shown and nothing in it "Loading" (as bench/dashboard.ts). */
const usable = () => {
  const content = document.querySelector(".dash-content");
  return Boolean(content?.querySelector("h1")) && !/Loading/.test(content?.textContent ?? "");
};

test("every dashboard screen's page preloads each module it runs before the screen is usable", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, "root_admin");
  // The moment the screen becomes usable, at the change of the page that makes it so (a mutation
  // observer runs before anything the new content starts after it shows, such as the phone
  // numbers' formatter, fetched once numbers are shown: src/islands/dashboard/phone.tsx).
  await page.addInitScript(`new MutationObserver((_, mo) => {
    const content = document.querySelector(".dash-content");
    if (content?.querySelector("h1") && !/Loading/.test(content.textContent ?? "")) {
      window.usableAt = performance.now();
      mo.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true })`);
  for (const path of DASHBOARD_SCREENS) {
    const html = await (await page.request.get(path)).text();
    const preloaded = new Set(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) =>
        m[1]!.replace(/&amp;/g, "&"),
      ),
    );
    await page.goto(path);
    await page.waitForFunction(() => (window as { usableAt?: number }).usableAt !== undefined, null, {
      timeout: 30_000,
    });
    // Every module whose fetch started before that moment.
    const requested = await page.evaluate(() => {
      const usableAt = (window as unknown as { usableAt: number }).usableAt;
      return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .map((e) => ({ url: new URL(e.name), startTime: e.startTime }))
        .filter(
          ({ url, startTime }) =>
            url.pathname.startsWith("/_astro/") && /\.js$/.test(url.pathname) && startTime < usableAt,
        )
        .map(({ url }) => url.pathname + url.search);
    });
    expect(requested.length, path).toBeGreaterThan(0);
    expect(
      requested.filter((u) => !preloaded.has(u)),
      `${path}: modules fetched without being named in the page`,
    ).toEqual([]);
  }
});

test("the overview and the leads screen run no schema library", async ({ page }) => {
  await loginAs(page, "admin");
  for (const path of ["/dashboard", "/dashboard/leads"]) {
    const scripts: Promise<string>[] = [];
    const onResponse = (r: { request(): { resourceType(): string }; text(): Promise<string> }) => {
      if (r.request().resourceType() === "script") scripts.push(r.text());
    };
    page.on("response", onResponse);
    await page.goto(path);
    await page.waitForFunction(usable, null, { timeout: 30_000 });
    page.off("response", onResponse);
    const bodies = await Promise.all(scripts);
    expect(bodies.length, path).toBeGreaterThan(0);
    // zod's own error class name, in every build of it.
    expect(bodies.filter((b) => b.includes("ZodError")).length, path).toBe(0);
  }
});

test("the calls a page asks for while its code loads are the ones its screen makes, each made once", async ({
  page,
}) => {
  await loginAs(page, "admin");
  for (const [path, early] of [
    ["/dashboard", ["/api/check-session", "/api/overview"]],
    ["/dashboard/leads", ["/api/check-session", "/api/inquiries"]],
  ] as const) {
    const html = await (await page.request.get(path)).text();
    const preloaded = [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded, path).toEqual(early);
    const calls: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/")) calls.push(url.pathname + url.search);
    };
    page.on("request", onRequest);
    await page.goto(path);
    await page.waitForFunction(usable, null, { timeout: 30_000 });
    page.off("request", onRequest);
    // The screen's own fetch of the same address is answered by the page's request: one call to
    // each of these endpoints, at that address.
    for (const url of early)
      expect(
        calls.filter((c) => c.split("?")[0] === url),
        `${path}: ${url}`,
      ).toEqual([url]);
  }
});
