import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";

test("the blog lists the seeded posts, rendered by the server", async ({ page, request }) => {
  const api = await request.get("/api/get-posts");
  expect(api.status()).toBe(200);
  const { posts } = (await api.json()) as { posts: { title: string }[] };
  expect(posts.length).toBeGreaterThanOrEqual(8);

  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  for (const p of posts.slice(0, 3))
    await expect(page.getByRole("link", { name: p.title, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the site shell: navigation, footer and a real 404", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("footer")).toContainText("2025");
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("couldn't find");
  await expectNoAxeViolations(page);
});
