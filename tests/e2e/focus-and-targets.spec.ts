/**
 * WCAG 2.2 AA beyond axe, on every public page the sitemap lists (one page per template): the
 * focus ring keeps 3:1 against whatever it is drawn on (1.4.11, 2.4.7), light sections and dark
 * ones alike, reached with the Tab key as a keyboard user does; and every pointer target is at
 * least 24 x 24 px or spaced as 2.5.8 allows. @layout: at both widths (the phone has other targets).
 */
import { expect, test } from "@playwright/test";
import { contrast, sitemapPages, smallTargets, tabThrough } from "./helpers/visual-a11y";

// Many pages and a key press per control: a long test on a shared machine.
test.describe.configure({ timeout: 600_000 });

/** Enough presses to leave the longest page's controls behind (the loop stops when focus wraps). */
const MAX_TABS = 250;

test("the focus ring has 3:1 contrast with what is behind it on every public page @layout", async ({
  page,
}) => {
  const pages = await sitemapPages(page);
  expect(pages.length).toBeGreaterThan(10);
  const problems: string[] = [];
  let checked = 0;
  for (const path of pages) {
    await page.goto(path);
    for (const f of await tabThrough(page, MAX_TABS)) {
      checked++;
      const where = `${path} ${f.what}`;
      if (f.outlineStyle === "none" || f.outlineWidth < 2 || !f.outline) {
        problems.push(`${where}: no focus outline (${f.outlineStyle} ${f.outlineWidth}px)`);
        continue;
      }
      if (f.image) problems.push(`${where}: ring drawn over a picture, contrast not measurable`);
      else if (f.behind.length === 0) problems.push(`${where}: nothing measured around the ring`);
      for (const bg of f.behind) {
        const ratio = contrast(f.outline, bg);
        if (ratio < 3)
          problems.push(
            `${where}: ring rgb(${f.outline.join(",")}) on rgb(${bg.map(Math.round).join(",")}) is ${ratio.toFixed(2)}:1`,
          );
      }
    }
  }
  expect(checked).toBeGreaterThan(pages.length * 5);
  expect([...new Set(problems)], [...new Set(problems)].join("\n")).toEqual([]);
});

test("every pointer target on every public page is at least 24 x 24 px or spaced enough @layout", async ({
  page,
}) => {
  const pages = await sitemapPages(page);
  expect(pages.length).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    // Hydrated islands (carousels, forms) have their final controls once scrolled into view.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise(requestAnimationFrame);
      }
      scrollTo(0, 0);
    });
    for (const t of await smallTargets(page)) problems.push(`${path} ${t.what}: ${t.width} x ${t.height} px`);
  }
  expect(problems, problems.join("\n")).toEqual([]);
});
