/**
 * Site content: an editor publishes a case study and a testimonial from the dashboard, sees them
 * on the public pages (within 60 s; the local server renders on every request), and unpublishes
 * them again, after which the pages no longer show them. The screen is axe clean at both widths.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { loginAs } from "./helpers/staff";

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** Reloads a public page until `check` passes, for at most 60 s (the promise of a published change). */
async function eventually(page: Page, path: string, check: () => Promise<void>) {
  await baseExpect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
}

test("an editor publishes a case study and a testimonial, sees them on the site, and unpublishes them", async ({
  page,
}, info) => {
  const tag = `${info.project.name} ${Date.now().toString(36)}`;
  const title = `Case study from the dashboard ${tag}`;
  const quote = `The dashboard team answered within minutes, ${tag}.`;
  const author = `Head of Claims IT ${tag}`;
  const itemName = `${author}, A regional insurer`;
  await loginAs(page, "editor");
  await page.goto("/dashboard/site");
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Case studies" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: info.outputPath(`site-content-${info.project.name}.png`), fullPage: false });

  // A case study, published from its form.
  await page.getByRole("button", { name: "Add a case study" }).click();
  const form = page.locator("form", { has: page.getByRole("heading", { name: "New case study" }) });
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await form.getByRole("textbox", { name: "Client", exact: true }).fill("A regional insurer");
  await form.getByRole("textbox", { name: "Industry", exact: true }).fill("Insurance");
  await form.getByRole("textbox", { name: "Location", exact: true }).fill("Iowa, USA");
  await form.getByRole("textbox", { name: "Engagement", exact: true }).fill("6 months");
  await form
    .getByLabel("Summary")
    .fill("An insurer moved its claims platform to managed Kubernetes and halved its release time.");
  await form
    .getByLabel("The challenge")
    .fill("Claims releases took a weekend and failed one time in five, with no rollback plan.");
  await form
    .getByRole("textbox", { name: /^What we did \(Markdown\)/ })
    .fill("## What we did\n\nWe built a **platform** first.");
  await form.getByRole("checkbox", { name: "/managed-container-service", exact: true }).check();
  for (const [i, [value, label]] of [
    ["50%", "shorter release time"],
    ["0", "failed releases this year"],
    ["24/7", "platform cover"],
  ].entries()) {
    await form.getByRole("textbox", { name: `Result ${i + 1}: figure`, exact: true }).fill(value!);
    await form.getByRole("textbox", { name: `Result ${i + 1}: what it measures`, exact: true }).fill(label!);
  }
  await expectNoAxeViolations(page);
  await form.getByRole("checkbox", { name: "Published", exact: true }).check();
  await form.getByRole("button", { name: "Add the case study" }).click();
  await expect(page.getByRole("status").filter({ hasText: /added as published/ })).toBeVisible();

  // A testimonial, added as a draft and then published from the list.
  await page.getByRole("button", { name: "Add a testimonial, client or partner" }).click();
  const item = page.locator("form", { has: page.getByRole("heading", { name: "New item" }) });
  await item.getByRole("textbox", { name: "Quote", exact: true }).fill(quote);
  await item.getByRole("textbox", { name: "Author", exact: true }).fill(author);
  await item.getByRole("textbox", { name: "Company", exact: true }).fill("A regional insurer");
  await item.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText(`“${quote}”`)).toBeVisible();
  await page.getByRole("button", { name: `Publish ${itemName}` }).click();
  await expect(page.getByRole("button", { name: `Unpublish ${itemName}` })).toBeVisible();

  await eventually(page, "/case-studies", async () => {
    await baseExpect(page.getByRole("link", { name: title })).toBeVisible({ timeout: 1000 });
  });
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we did" })).toBeVisible();
  await eventually(page, "/", async () => {
    await baseExpect(page.getByText(quote)).toBeVisible({ timeout: 1000 });
  });
  await eventually(page, "/managed-container-service", async () => {
    await baseExpect(page.getByRole("link", { name: title })).toBeVisible({ timeout: 1000 });
  });

  // Unpublished again: gone from the pages.
  await page.goto("/dashboard/site");
  await page.getByRole("button", { name: `Unpublish case study ${title}` }).click();
  await expect(page.getByRole("button", { name: `Publish case study ${title}` })).toBeVisible();
  await page.getByRole("button", { name: `Unpublish ${itemName}` }).click();
  await expect(page.getByRole("button", { name: `Publish ${itemName}` })).toBeVisible();
  await eventually(page, "/case-studies", async () => {
    await baseExpect(page.getByRole("link", { name: title })).toHaveCount(0, { timeout: 1000 });
  });
  await eventually(page, "/", async () => {
    await baseExpect(page.getByText(quote)).toHaveCount(0, { timeout: 1000 });
  });
});
