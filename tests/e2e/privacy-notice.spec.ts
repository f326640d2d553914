import { expect, test, type Page } from "@playwright/test";
import { site } from "../../src/config/site";
import { loadPublicEnv } from "../../src/config/public-env";
import { PUBLIC_PAGES } from "../../src/shared/common/sitemap";
import { MY_DATA_PATH, PRIVACY_NOTICE, retentionRows } from "../../src/shared/privacy/notice";
import { expectNoAxeViolations } from "./helpers/axe";
import { openCareers } from "./helpers/careers";

/**
 * The privacy notice at /privacy, as a visitor finds it: linked from every public page's footer
 * and from each form where data is collected, prerendered, accessible, and stating the lifetimes
 * of the settings it was built with (the same ones the housekeeping job reads).
 */

/** The retention table as the page shows it: kind, days and the lifetime's words, row by row. */
async function shownRetention(page: Page) {
  return page.locator("[data-retention-table] tbody tr").evaluateAll((rows) =>
    rows.map((r) => {
      const cell = r.querySelector("td[data-days]")!;
      return {
        key: r.getAttribute("data-kind"),
        days: Number(cell.getAttribute("data-days")),
        lifetime: cell.textContent?.trim(),
      };
    }),
  );
}

test("states the lifetimes of the settings it was built with, its version and its contacts", async ({
  page,
}) => {
  // The build and this test share the environment (scripts/test.mjs): the same settings the
  // server's housekeeping reads through env().retention.
  const expected = retentionRows(loadPublicEnv(process.env).retention);
  const res = await page.goto("/privacy");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
  expect(await shownRetention(page)).toEqual(
    expected.map((r) => ({ key: r.key, days: r.days, lifetime: r.lifetime })),
  );
  await expect(page.locator("[data-notice-version]")).toHaveText(PRIVACY_NOTICE.version);
  await expect(page.locator(`time[datetime="${PRIVACY_NOTICE.effective}"]`)).toBeVisible();
  await expect(page.locator(`a[href="mailto:${site.privacyEmail}"]`).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "see, download or erase your data" })).toHaveAttribute(
    "href",
    MY_DATA_PATH,
  );
  for (const right of ["see", "correct", "delete", "opt out of the sale or sharing"])
    await expect(
      page.locator("section[aria-labelledby=rights] li strong", { hasText: right }).first(),
    ).toBeVisible();
  // The four kinds of people the site collects from, and the staff section the sign-in page links to.
  for (const id of ["buyers", "candidates", "readers", "staff"])
    await expect(page.locator(`#${id}`)).toBeVisible();
  // Built without a tag id: the notice says there is no analytics, and the page has no script.
  await expect(page.locator("#choices + p, #choices ~ p").last()).toContainText("uses no analytics");
  expect(await page.locator("script[src], script[type=module], astro-island").count()).toBe(0);
  await expectNoAxeViolations(page);
});

test("every public page links the notice from its footer", async ({ request }) => {
  for (const path of [...PUBLIC_PAGES, "/blog/1", "/ack", "/no-such-page"]) {
    const html = await (await request.get(path)).text();
    const footer = html.slice(html.indexOf("<footer"));
    expect(footer, path).toContain('href="/privacy"');
    // Without a tag id, no "Privacy choices" and no consent box.
    expect(html, path).not.toContain("data-privacy-choices");
    expect(html, path).not.toContain('id="consent"');
  }
});

test("the sitemap lists the notice", async ({ request }) => {
  expect(await (await request.get("/sitemap.xml")).text()).toMatch(/<loc>[^<]+\/privacy<\/loc>/);
});

test("each form links the notice where it collects data", async ({ page }) => {
  // Contact: the page's text and the form itself; the news-mail box starts unticked.
  await page.goto("/contact");
  const form = page.locator("form[action='/api/submit']");
  // Hydrating as it comes into view can detach the element being scrolled to: scroll until it holds.
  await expect(async () => form.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await expect(page.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/);
  await expect(form.getByRole("link", { name: /privacy notice/ })).toHaveAttribute("href", "/privacy");
  const news = form.getByRole("checkbox", { name: /news and articles by e-mail/ });
  await expect(news).not.toBeChecked();

  // Blog comments.
  await page.goto("/blog/1");
  const comment = page.locator("form[action='/api/add-comment']");
  await comment.scrollIntoViewIfNeeded();
  await expect(
    page.locator("section", { has: comment }).getByRole("link", { name: "privacy notice" }),
  ).toHaveAttribute("href", "/privacy");

  // Careers: the FAQ question and the application, whose consents start unticked.
  await openCareers(page);
  await expect(page.locator("#faq").getByRole("link", { name: "privacy notice" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  const apply = page.getByRole("button", { name: /^Apply Now/ }).first();
  await apply.scrollIntoViewIfNeeded();
  await apply.click();
  const dialog = page.getByRole("dialog", { name: "Job Application" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: /privacy notice/ })).toHaveAttribute("href", "/privacy");
  const months = Math.round(loadPublicEnv(process.env).retention.applications / (365 / 12));
  const consent = dialog.getByRole("checkbox", { name: /I have read the privacy notice/ });
  await expect(consent).not.toBeChecked();
  await expect(consent).toHaveAccessibleName(new RegExp(`kept for ${months} months`));
  await expect(dialog.getByRole("checkbox", { name: /talent pool/ })).not.toBeChecked();
  await page.keyboard.press("Escape");

  // Staff sign-in: what is kept about staff.
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "What we keep when you sign in" })).toHaveAttribute(
    "href",
    "/privacy#staff",
  );
});
