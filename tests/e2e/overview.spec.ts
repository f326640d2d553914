/**
 * The dashboard opens on the overview for every role: the week's figures, each a link to its
 * filtered list, and a chart whose figures are also a table. The chart's code reaches no public
 * page.
 */
import { expect as baseExpect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { sendInquiry } from "./helpers/inquiry";
import { loginAs } from "./helpers/staff";

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

for (const role of ["admin", "root_admin"] as const) {
  test(`${role}: /dashboard opens on the overview, whose figures link to their lists`, async ({ page }) => {
    await loginAs(page, role);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const figure = (label: string) => page.getByRole("link", { name: new RegExp(label) });
    for (const label of [
      "New leads this week",
      "New leads last week",
      "Unanswered FAQ questions",
      "Applications waiting for a decision",
      "Comments in the last 7 days",
      "Leads overdue now",
      "Median time to a first answer",
      "First answers within target",
    ])
      await expect(figure(label)).toBeVisible();
    // The seed has two leads from the last hours and three New candidates.
    await expect(figure("New leads this week")).toHaveAttribute(
      "href",
      /^\/dashboard\/leads\?from=\d{4}-\d{2}-\d{2}$/,
    );
    expect(
      Number(await figure("New leads this week").locator("span").first().textContent()),
    ).toBeGreaterThanOrEqual(2);
    await expect(figure("Applications waiting")).toHaveAttribute(
      "href",
      "/dashboard/candidates?status=New#candidates",
    );
    // How many are overdue depends on what other tests did to the seed's leads: a count, linked
    // to the overdue list (the figures themselves are checked by hand count in the API tests).
    await expect(figure("Leads overdue now").locator("span").first()).toHaveText(/^\d+$/);
    await expect(figure("Leads overdue now")).toHaveAttribute(
      "href",
      "/dashboard/leads?due=overdue&sort=due",
    );
    // The chart: a picture for the eye, a table of the same 12 weeks for screen readers.
    await expect(page.locator("svg[viewBox]").last()).toBeVisible();
    const table = page.getByRole("table", { name: "Leads and applications per week" });
    await expect(table.getByRole("row")).toHaveCount(13);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: /^New \d+/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/leads\?stage=New$/);
    await expect(page.getByLabel("Stage", { exact: true })).toHaveValue("New");
    await expect(page.getByRole("heading", { level: 2, name: /^\d+ leads?$/ })).toBeVisible();
  });
}

test("a member sees the figures of their role's areas only", async ({ page }) => {
  const figure = (label: string) => page.getByRole("link", { name: new RegExp(label) });
  await loginAs(page, "reader");
  await page.goto("/dashboard");
  await expect(figure("Unanswered FAQ questions")).toBeVisible();
  await expect(figure("Comments in the last 7 days")).toBeVisible();
  await expect(figure("New leads this week")).toHaveCount(0);
  await expect(figure("Leads overdue now")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Applications per week" }).getByRole("row")).toHaveCount(13);
  await expectNoAxeViolations(page);

  await loginAs(page, "sales");
  await page.goto("/dashboard");
  await expect(figure("New leads this week")).toBeVisible();
  await expect(figure("Leads overdue now")).toBeVisible();
  await expect(figure("Applications waiting")).toHaveCount(0);
  await expect(figure("Comments in the last 7 days")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Leads per week" }).getByRole("row")).toHaveCount(13);
});

test("the overview counts a lead sent this week", async ({ page }) => {
  await loginAs(page, "admin");
  const before = (await (await page.request.get("/api/overview")).json()) as {
    newLeads: { thisWeek: number };
  };
  const res = await sendInquiry(page, {
    fullName: "Week Counter",
    email: "week@counter-example.com",
    orgName: "Counter Inc",
  });
  expect(res.status()).toBe(200);
  const after = (await (await page.request.get("/api/overview")).json()) as {
    newLeads: { thisWeek: number };
  };
  expect(after.newLeads.thisWeek).toBeGreaterThan(before.newLeads.thisWeek);
});

test("no public page loads the overview's chart code", async ({ page }, info) => {
  test.skip(info.project.name === "phone", "the scripts are the same at every width");
  const scripts = new Set<string>();
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.add(r.url());
  });
  for (const path of ["/", "/service", "/contact", "/blog", "/careers", "/about"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState("networkidle");
  }
  for (const url of scripts) {
    const text = await (await page.request.get(url)).text();
    expect(text, url).not.toContain("Leads and applications per week");
    expect(text, url).not.toContain(", week of ");
  }
});
