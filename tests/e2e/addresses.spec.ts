import { expect, test, type Page } from "@playwright/test";
import { MOVED } from "../../src/config/redirects";
import { NAV } from "../../src/config/site";
import { PUBLIC_PAGES } from "../../src/shared/common/sitemap";
import { expectNoAxeViolations } from "./helpers/axe";
import { loginAs } from "./helpers/staff";

/**
 * Readable addresses: SPEC's route names answer a 301 to the new ones (one list,
 * src/config/redirects.ts, answered by the server itself), the header links them, and an unknown
 * dashboard address stays in the dashboard.
 */
test("every moved address answers 301 to its new one, query kept, and the new one is served", async ({
  request,
}) => {
  for (const m of MOVED) {
    const pairs: [string, string][] = [
      [m.from, m.to],
      [`${m.from}?ref=mail`, `${m.to}?ref=mail`],
    ];
    for (const [from, to] of pairs) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers()["location"], from).toBe(to);
    }
    // The new address is a page (a dashboard screen's page too, before its sign-in check).
    expect((await request.get(m.to)).status(), m.to).toBe(200);
  }
  const job = await request.get("/carrier/12-some-opening", { maxRedirects: 0 });
  expect(job.status()).toBe(301);
  expect(job.headers()["location"]).toBe("/careers/12-some-opening");
  // An address that never existed is still the site's 404 page.
  const none = await request.get("/no-such-page", { maxRedirects: 0 });
  expect(none.status()).toBe(404);
  expect(await none.text()).toContain("couldn't find that page");
});

test("the pages link the new addresses only", async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text();
    for (const m of MOVED) expect(html, `${path} links ${m.from}`).not.toContain(`"${m.from}`);
    expect(html, path).not.toContain("/carrier");
  }
  const feed = await (await request.get("/rss.xml")).text();
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const text of [feed, sitemap]) {
    expect(text).not.toMatch(/\/carrier|contact%20us|microervice/);
  }
  expect(sitemap).toContain("/careers</loc>");
  expect(sitemap).toContain("/contact</loc>");
  expect(sitemap).toContain("/microservice-development</loc>");
});

async function headerRow(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  const links = nav.getByRole("link");
  await expect(links).toHaveCount(NAV.length);
  const boxes = await links.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
  return { boxes, bar: await page.locator(".site-header .bar").boundingBox() };
}

test("the header's nine entries sit on one row from 1024 to 1280 px @layout", async ({ page }) => {
  for (const width of [1024, 1100, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/careers");
    const { boxes } = await headerRow(page);
    const tops = new Set(boxes.map((b) => Math.round(b.top)));
    expect(tops.size, `one row at ${width} px`).toBe(1);
    // Each label on one line: no entry is taller than the others.
    const heights = boxes.map((b) => Math.round(b.height));
    expect(Math.max(...heights) - Math.min(...heights), `${width} px`).toBeLessThanOrEqual(1);
    for (const b of boxes) expect(b.right, `${width} px`).toBeLessThanOrEqual(width);
    await expect(
      page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: /^careers$/i }),
    ).toHaveAttribute("aria-current", "page");
  }
  expect(NAV.map((n) => n.label)).toEqual([
    "home",
    "about",
    "service",
    "product",
    "case studies",
    "blog",
    "careers",
    "trust",
    "contact Us",
  ]);
});

test("the phone menu lists the nine entries @layout", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await page.getByRole("button", { name: "Menu" }).or(page.locator("summary[aria-label=Menu]")).click();
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu.getByRole("link")).toHaveCount(NAV.length);
  for (const n of NAV) await expect(menu.locator(`a[href="${n.href}"]`)).toBeVisible();
});

test("no public page holds a scroll box of its own on a phone @layout", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ["/microservice-development", "/l1-support", "/blog", "/careers", "/contact"]) {
    await page.goto(path);
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((el) => {
          const cs = getComputedStyle(el);
          return /auto|scroll/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`),
    );
    expect(boxes, path).toEqual([]);
  }
});

test("an unknown dashboard address shows the dashboard's own not-found view, with axe", async ({ page }) => {
  await loginAs(page, "root_admin");
  const res = await page.goto("/dashboard/nope");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  // Inside the shell: its top bar and menu, not the public header.
  await expect(page.getByText("Admin Dashboard")).toBeVisible();
  await expect(page.locator(".site-header")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an old dashboard address moves to the new one, keeping its query and fragment", async ({ page }) => {
  await loginAs(page, "root_admin");
  await page.goto("/dashboard/candidate?status=New#candidates");
  await expect(page).toHaveURL(/\/dashboard\/candidates\?status=New#candidates$/);
  await expect(page.getByRole("heading", { level: 1, name: "Candidate management" })).toBeVisible();
});
