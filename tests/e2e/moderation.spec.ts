/**
 * Comment moderation as people do it: a visitor's comment with two links is held ("will appear
 * once it has been reviewed") and is on no public page; an admin approves it from the queue in
 * the Blog screen; it appears on the post, its links marked rel="ugc nofollow noopener"; a reader
 * can report it. No test here marks anything as spam: every test's comments come from one
 * address (localhost), which "spam" would teach the site to hold.
 */
import { expect, test, type Page } from "@playwright/test";
import { HELD_MESSAGE } from "../../src/shared/blog/comments";
import { expectNoAxeViolations } from "./helpers/axe";
import { loginAs } from "./helpers/staff";

const SLOW = 60_000;

test.beforeEach(async ({ page }, info) => {
  info.setTimeout(180_000);
  await page.route("**/api/media/**", (route) =>
    route.fulfill({
      contentType: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="100%" height="100%" fill="#13294b"/></svg>',
    }),
  );
});

async function openComments(page: Page) {
  const section = page.locator("#comments");
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator("astro-island")).not.toHaveAttribute("ssr", /.*/, { timeout: SLOW });
}

test("a held comment waits for review, an admin approves it from the queue, and it appears on the post", async ({
  page,
}, info) => {
  const res = await page.request.get("/api/get-posts");
  const { posts } = (await res.json()) as { posts: { id: number; slug: string; title: string }[] };
  const post = posts[info.project.name === "phone" ? 5 : 6]!;
  const marker = `Held ${info.project.name} ${Date.now()}`;
  const text = `${marker}: our notes are at https://docs.example.org/guide and www.example.net/faq.`;

  await page.goto(`/blog/${post.slug}`);
  await openComments(page);
  await page.getByLabel("Name", { exact: true }).fill("Priya Raman");
  await page.getByLabel("Email", { exact: true }).fill(`priya.${Date.now()}@example.org`);
  await page.getByLabel("Comment", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByRole("status").filter({ hasText: HELD_MESSAGE })).toBeVisible({ timeout: SLOW });
  await page
    .locator("#comments")
    .screenshot({ path: `test-results/moderation-held-${info.project.name}.png` });
  const list = page.getByRole("region", { name: "Recent Comments" });
  await expect(list).not.toContainText(marker);
  // Not on the page as served, nor in the public API.
  expect(await (await page.request.get(`/blog/${post.slug}`)).text()).not.toContain(marker);
  expect(await (await page.request.get(`/api/get-comments/${post.id}`)).text()).not.toContain(marker);

  // An admin finds it in the queue (the overview's figure leads there) and approves it.
  await loginAs(page, "admin");
  await page.goto("/dashboard");
  const figure = page.getByRole("link", { name: /Comments waiting for review/ });
  await expect(figure).toHaveAttribute("href", "/dashboard/blog#moderation", { timeout: SLOW });
  await figure.click();
  const queue = page.getByRole("region", { name: /Comments to review/ });
  const item = queue.getByRole("listitem").filter({ hasText: marker });
  await expect(item).toBeVisible({ timeout: SLOW });
  await expect(item).toContainText("Two or more links");
  await expect(item).toContainText("Priya Raman");
  // The address as the privacy notice promises: shortened to its network.
  await expect(item.getByText(/^(\d+\.\d+\.\d+\.0\/24|[0-9a-f:]+\/48)$/)).toBeVisible();
  await expect(item.getByRole("link", { name: post.title })).toHaveAttribute("href", `/blog/${post.slug}`);
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/moderation-queue-${info.project.name}.png`, fullPage: false });
  await expectNoAxeViolations(page, "#moderation-section");
  await item.getByRole("button", { name: "Approve the comment by Priya Raman" }).click();
  await expect(page.getByRole("status").filter({ hasText: /1 comment approved/ })).toBeVisible({
    timeout: SLOW,
  });
  await expect(queue.getByRole("listitem").filter({ hasText: marker })).toHaveCount(0);

  // Public now, with its links marked as user content.
  await page.goto(`/blog/${post.slug}`);
  await openComments(page);
  const shown = page.getByRole("region", { name: "Recent Comments" }).getByRole("listitem").filter({
    hasText: marker,
  });
  await expect(shown).toBeVisible({ timeout: SLOW });
  const link = shown.getByRole("link", { name: "https://docs.example.org/guide" });
  await expect(link).toHaveAttribute("rel", "ugc nofollow noopener");
  await expect(shown.getByRole("link", { name: "www.example.net/faq" })).toHaveAttribute(
    "href",
    "https://www.example.net/faq",
  );

  // A reader reports it, after confirming once: Cancel sends nothing and gives the focus back.
  const reportButton = shown.getByRole("button", { name: "Report the comment by Priya Raman" });
  const reports: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/report-comment")) reports.push(r.url());
  });
  await reportButton.click();
  const confirm = page.getByRole("alertdialog", { name: "Report this comment?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("The comment by Priya Raman goes to our moderators");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page, "dialog");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(reportButton).toBeFocused();
  await expect(reportButton).toBeEnabled();
  expect(reports).toHaveLength(0);
  // Then for real: one report, and the button says so.
  await reportButton.click();
  await confirm.getByRole("button", { name: "Report comment" }).click();
  await expect(shown.getByRole("button", { name: /Reported/ })).toBeDisabled({ timeout: SLOW });
  await expect(page.getByText("Thanks: the comment by Priya Raman was reported to our team.")).toBeVisible();
  expect(reports).toHaveLength(1);
  await page
    .locator("#comments")
    .screenshot({ path: `test-results/moderation-public-${info.project.name}.png` });
  await expectNoAxeViolations(page, "#comments");
});

test("a reader sees the queue but no actions", async ({ page }) => {
  await loginAs(page, "reader");
  await page.goto("/dashboard/blog");
  const queue = page.getByRole("region", { name: /Comments to review/ });
  await expect(queue).toBeVisible({ timeout: SLOW });
  await expect(queue.getByText(/Admins decide on them/)).toBeVisible();
  await expect(queue.getByRole("button", { name: /Approve|Spam|Delete/ })).toHaveCount(0);
  await expect(queue.getByRole("checkbox")).toHaveCount(0);
});

test("the post page loads no JavaScript until its comments (with their Report buttons) scroll into view", async ({
  page,
}) => {
  const { posts } = (await (await page.request.get("/api/get-posts")).json()) as {
    posts: { id: number; slug: string }[];
  };
  const post = posts[7]!;
  const made = await page.request.post("/api/add-comment", {
    data: { post_id: post.id, name: "Sam Ortiz", email: "sam@example.org", comment: "Thanks for this." },
  });
  expect(made.status()).toBe(201);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/blog/${post.slug}`, { waitUntil: "networkidle" });
  expect(scripts).toEqual([]);
  await page.locator("#comments").scrollIntoViewIfNeeded();
  await expect(page.locator("#comments astro-island")).not.toHaveAttribute("ssr", /.*/, { timeout: SLOW });
  expect(scripts.some((p) => p.startsWith("/_astro/"))).toBe(true);
  await expect(page.getByRole("button", { name: /^Report the comment by / }).first()).toBeEnabled();
});

test("one key on a focused comment decides it, and a selection is decided at once", async ({
  page,
}, info) => {
  const { posts } = (await (await page.request.get("/api/get-posts")).json()) as { posts: { id: number }[] };
  const marker = `Bulk ${info.project.name} ${Date.now()}`;
  for (const n of [1, 2, 3]) {
    const res = await page.request.post("/api/add-comment", {
      data: {
        post_id: posts[4]!.id,
        name: `Visitor ${info.project.name} ${n}`,
        email: `visitor${n}@example.org`,
        comment: `${marker} #${n} https://a.example https://b.example`,
      },
    });
    expect(await res.json()).toEqual({ held: true });
  }
  await loginAs(page, "admin");
  await page.goto("/dashboard/blog#moderation");
  const queue = page.getByRole("region", { name: /Comments to review/ });
  const mine = queue.getByRole("listitem").filter({ hasText: marker });
  await expect(mine).toHaveCount(3, { timeout: SLOW });

  // D on the focused comment deletes it.
  const third = mine.filter({ hasText: `${marker} #3` });
  await third.focus();
  await page.keyboard.press("d");
  await expect(page.getByRole("status").filter({ hasText: /1 comment deleted/ })).toBeVisible({
    timeout: SLOW,
  });
  await expect(mine).toHaveCount(2);

  // The other two, selected, approved with one button.
  for (const n of [1, 2])
    await queue
      .getByRole("checkbox", { name: `Select the comment by Visitor ${info.project.name} ${n}` })
      .check();
  await queue.getByRole("button", { name: "Approve the 2 selected comments" }).click();
  await expect(page.getByRole("status").filter({ hasText: /2 comments approved/ })).toBeVisible({
    timeout: SLOW,
  });
  await expect(mine).toHaveCount(0);
  const shown = (await (await page.request.get(`/api/get-comments/${posts[4]!.id}`)).json()) as {
    comments: { comment: string }[];
  };
  expect(shown.comments.filter((c) => c.comment.startsWith(marker))).toHaveLength(2);
});
