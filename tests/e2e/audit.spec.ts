/**
 * The audit trail screen: root_admin finds who changed what, filters it and exports it; nobody
 * else sees it.
 */
import { readFileSync } from "node:fs";
import { expect as baseExpect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { loginAs, STAFF } from "./helpers/staff";

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test("root_admin reads, filters and exports the audit trail", async ({ page }, info) => {
  // A change to record: a job post added by the admin.
  await loginAs(page, "admin");
  const title = `Audited job ${info.project.name} ${Date.now()}`;
  const res = await page.request.post("/api/add-job-post", {
    data: { job_title: title, required_experience: 2, skills: "Linux", description: "Keep things running." },
  });
  expect(res.status()).toBe(201);
  await loginAs(page, "root_admin");
  await page.goto("/dashboard/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("What").selectOption("job");
  await page.getByLabel("Who (e-mail or part of it)").fill(STAFF.admin.email);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  // Actions in words, not as the code names them.
  await expect(row).toContainText("Job post added");
  await expect(row).not.toContainText("job.create");
  await expect(row).toContainText(STAFF.admin.email);
  // Sign-ins are recorded too, without their passwords.
  await page.getByLabel("What").selectOption("auth");
  await page.getByLabel("Who (e-mail or part of it)").fill("");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Signed in" }).first()).toBeVisible();
  await expect(page.getByText(STAFF.root_admin.password)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel("What").selectOption("job");
  const download = page.waitForEvent("download", { timeout: 90_000 });
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv).toContain('"When","Who","Action"');
  expect(csv).toContain(title);
});

test("admin and reader have no audit trail", async ({ page }) => {
  for (const role of ["admin", "reader"] as const) {
    await loginAs(page, role);
    expect((await page.request.get("/api/audit-log")).status()).toBe(403);
    await page.goto("/dashboard/audit");
    await expect(page.getByText("Access Denied")).toBeVisible();
    const toggle = page.locator(".dash-top__toggle");
    if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
    await expect(page.getByRole("link", { name: "Audit trail" })).toHaveCount(0);
  }
});
