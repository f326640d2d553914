import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";

test("the site shell: navigation, footer and a real 404", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()}`);
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("couldn't find");
  await expectNoAxeViolations(page);
});
