/**
 * A visitor's comment on a post, and a careers question answered by staff, through the deployed
 * configuration (the post is made by staff first: the rehearsal's database starts empty).
 */
import { expect, test } from "@playwright/test";
import { apiSignIn, signIn, stamp } from "./helpers";

test("a visitor comments on a post and sees it on the post's page", async ({ page, browser }) => {
  // A post to comment on, made by staff through the API.
  const staff = await browser.newContext();
  await apiSignIn(staff.request);
  const title = `Patch Tuesday notes ${stamp()}`;
  const made = await staff.request.post("/api/add-post", {
    multipart: { title, author: "Ravi Kumar", category: "Servers", content: "What we patched this month." },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const { post } = (await made.json()) as { post: { id: number } };
  await staff.close();

  await page.goto(`/blog/${post.id}`);
  const section = page.locator("#comments");
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator("astro-island")).not.toHaveAttribute("ssr", /.*/);
  const text = `Clear and useful ${stamp()}`;
  await page.getByLabel("Name", { exact: true }).fill("Morgan Lee");
  await page.getByLabel("Email", { exact: true }).fill(`morgan.${stamp()}@readers.test`);
  await page.getByLabel("Comment", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your comment has been posted" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent Comments" })).toContainText(text);
  await page.reload();
  await expect(page.locator("body")).toContainText(text);
});

test("a visitor asks a careers question; staff answer it and it appears on /careers", async ({
  page,
  browser,
}) => {
  const question = `Can I work from Pune (${stamp()})?`;
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto("/careers");
  await v.locator("#faq").scrollIntoViewIfNeeded();
  await expect(v.locator("#faq astro-island")).not.toHaveAttribute("ssr", /.*/);
  await v.getByPlaceholder("Ask a new question...").fill(question);
  await v.getByRole("button", { name: "Submit question" }).click();
  await expect(v.getByText("FAQ submitted. Your question will appear once answered.")).toBeVisible();

  await signIn(page);
  // The screen opens on the candidates; its Comments tab (the FAQ questions) has its own address.
  await page.goto("/dashboard/candidates#faq");
  await expect(page.getByRole("tab", { name: "Comments" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Show").selectOption("unanswered");
  await expect(page.getByRole("heading", { name: question })).toBeVisible();
  await page.getByRole("button", { name: `Edit answer: ${question}` }).click();
  const answer = "Yes: two of our delivery centres are in Pune.";
  await page.getByRole("textbox", { name: "Answer" }).fill(answer);
  await page.getByRole("button", { name: "Save answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "FAQ updated successfully" })).toBeVisible();

  await v.goto("/careers");
  await v.locator("#faq").scrollIntoViewIfNeeded();
  await expect(v.locator("#faq astro-island")).not.toHaveAttribute("ssr", /.*/);
  await v.getByLabel("Search questions").fill("Pune");
  await expect(v.getByRole("heading", { name: question })).toBeVisible();
  await expect(v.getByText(answer)).toBeVisible();
  await visitor.close();
});
