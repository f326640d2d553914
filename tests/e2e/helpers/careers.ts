import { expect, type Page } from "@playwright/test";

/** Opens /careers and waits until both islands (openings search, FAQ) have hydrated. */
export async function openCareers(page: Page) {
  await page.goto("/careers");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Islands hydrate when visible: bring both into view.
  await page.locator("#openings").scrollIntoViewIfNeeded();
  await expect(page.locator("#openings astro-island")).not.toHaveAttribute("ssr", /.*/);
  await page.locator("#faq").scrollIntoViewIfNeeded();
  await expect(page.locator("#faq astro-island")).not.toHaveAttribute("ssr", /.*/);
}
