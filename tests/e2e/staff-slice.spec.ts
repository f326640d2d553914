import { expect, test } from "@playwright/test";
import { openMenu, loginAs } from "./helpers/staff";

test("no session: the dashboard sends to /admin", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
});

test("signing in through the form opens the dashboard", async ({ page }) => {
  await page.goto("/admin");
  // Typing before the form has hydrated would be lost.
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("wrong-password-123");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials", { timeout: 30_000 });
  await page.getByLabel("Password").fill("demo-admin-password-2025");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Admin Dashboard")).toBeVisible();
  await openMenu(page);
  await expect(page.getByRole("link", { name: "User Admin" })).toBeVisible();
});

test("a reader sees no User Admin entry", async ({ page }) => {
  await loginAs(page, "reader");
  await page.goto("/dashboard");
  await expect(page.getByText("Admin Dashboard")).toBeVisible();
  await openMenu(page);
  await expect(page.getByRole("link", { name: "Blog", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "User Admin" })).toHaveCount(0);
});
