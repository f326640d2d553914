/**
 * Owners on arrival in Chromium: an admin adds a rule on the Lead owners screen (small companies
 * with small budgets, to themselves), a matching lead arrives already owned by them, the rule is
 * switched off and deleted. A reader has no such screen. Axe-checked, with screenshots.
 */
import { expect as baseExpect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { sendInquiry } from "./helpers/inquiry";
import { loginAs, STAFF } from "./helpers/staff";

test.describe.configure({ timeout: 240_000, mode: "serial" });
const expect = baseExpect.configure({ timeout: 30_000 });

test("an admin's rule gives matching new leads their owner", async ({ page }, info) => {
  const tag = `Owners${info.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  await loginAs(page, "admin");
  await page.goto("/dashboard/lead-owners");
  await expect(page.getByRole("heading", { level: 1, name: "Lead owners" })).toBeVisible();
  await page.getByRole("button", { name: "Add a rule" }).click();
  // Nothing chosen: the form says what is missing.
  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText("Name the rule.")).toBeVisible();
  await expect(page.getByText("Choose at least one member to share the leads.")).toBeVisible();
  await page.getByLabel("Name").fill(`Small shops ${tag}`);
  await page
    .getByRole("group", { name: /^Company sizes/ })
    .getByLabel("Less than 5")
    .check();
  await page
    .getByRole("group", { name: /^Budgets/ })
    .getByLabel("Below $1000")
    .check();
  await page
    .getByRole("group", { name: /^Members/ })
    .getByLabel(STAFF.admin.email)
    .check();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: info.outputPath(`rule-form-${info.project.name}.png`), fullPage: true });
  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Rule "Small shops ${tag}" added` })).toBeVisible();
  const rule = page.getByRole("listitem").filter({ hasText: `Small shops ${tag}` });
  await expect(rule).toContainText("Less than 5");
  await expect(rule).toContainText(STAFF.admin.email);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: info.outputPath(`rules-${info.project.name}.png`), fullPage: true });

  const res = await sendInquiry(page, {
    fullName: `Kim ${tag}`,
    orgName: tag,
    email: `kim@${tag.toLowerCase()}.com`,
    companySize: "Less than 5",
    budget: "Below $1000",
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/dashboard/leads?q=${tag}`);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Kim ${tag} · ${tag}` }) });
  await expect(card).toContainText(`Owner: ${STAFF.admin.email}`);
  await expect(rule).toHaveCount(0);

  await page.goto("/dashboard/lead-owners");
  await rule.getByRole("button", { name: /^Switch off/ }).click();
  await expect(rule).toContainText("(switched off)");
  await rule.getByRole("button", { name: /^Delete/ }).click();
  await rule.getByRole("button", { name: `Delete rule Small shops ${tag} for good` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rule deleted" })).toBeVisible();
  await expect(rule).toHaveCount(0);
});

test("a reader has no Leads or Lead owners screen", async ({ page }) => {
  await loginAs(page, "reader");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('a[href="/dashboard/blog"]').first()).toBeAttached();
  await expect(page.locator('a[href="/dashboard/leads"]')).toHaveCount(0);
  await expect(page.locator('a[href="/dashboard/lead-owners"]')).toHaveCount(0);
  await page.goto("/dashboard/lead-owners");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});
