/**
 * Returning buyers in Chromium: a second lead from the same company is marked "Returning buyer",
 * its card lists the earlier lead, an admin merges that one into it (both timelines then show on
 * the lead kept, the other leaves the list), and the merged lead's own address says where it went.
 * Axe-checked, with screenshots at the project's width.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { sendInquiry } from "./helpers/inquiry";
import { loginAs } from "./helpers/staff";

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

let n = 0;
const tagOf = (project: string) => `Back${project.replace(/\W/g, "")}${Date.now().toString(36)}${n++}`;

async function submitLead(page: Page, first: string, tag: string, details: string): Promise<void> {
  const res = await sendInquiry(page, {
    fullName: `${first} ${tag}`,
    email: `${first.toLowerCase()}@${tag.toLowerCase()}.com`,
    orgName: tag,
    projectDetails: details,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function leadId(page: Page, q: string): Promise<number> {
  const res = await page.request.get(`/api/inquiries?q=${encodeURIComponent(q)}`);
  return ((await res.json()) as { inquiries: { id: number }[] }).inquiries[0]!.id;
}

test("a returning buyer's lead links to the earlier one, and an admin merges them", async ({
  page,
}, info) => {
  const tag = tagOf(info.project.name);
  await submitLead(page, "Dana", tag, "Move our shop to Kubernetes.");
  await submitLead(page, "Lee", tag, "Following up on our first request: add a managed backup.");
  await loginAs(page, "admin");
  const dana = await leadId(page, `Dana ${tag}`);
  const lee = await leadId(page, `Lee ${tag}`);

  await page.goto(`/dashboard/leads?q=${tag}`);
  const card = (name: string) =>
    page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: `${name} ${tag} · ${tag}` }) });
  await expect(card("Lee")).toBeVisible();
  await expect(card("Lee").getByText("Returning buyer")).toBeVisible();
  await expect(card("Dana").getByText("Returning buyer")).toHaveCount(0);
  // Just arrived: its first answer is due within the hour.
  await expect(card("Lee").getByText(/^First answer due in (\d+ min|1 h)$/)).toBeVisible();

  await card("Lee")
    .getByRole("button", { name: /^Same buyer/ })
    .click();
  const earlier = card("Lee")
    .getByRole("list")
    .filter({ hasText: `Lead #${dana}` });
  await expect(earlier).toContainText("same company domain");
  await expect(earlier).toContainText(`Dana ${tag}`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: info.outputPath(`same-buyer-${info.project.name}.png`), fullPage: true });

  await card("Dana")
    .getByRole("button", { name: /^Same buyer/ })
    .click();
  await expect(card("Dana")).toContainText("Later leads from this buyer");

  await card("Lee")
    .getByRole("button", { name: /^Merge into this lead/ })
    .click();
  await expect(card("Lee").getByText(`Merge lead #${dana} into this lead (#${lee})?`)).toBeVisible();
  await expectNoAxeViolations(page);
  await card("Lee")
    .getByRole("button", { name: `Merge lead #${dana}` })
    .click();
  await expect(
    page.getByRole("status").filter({ hasText: `Lead #${dana} merged into lead #${lee}` }),
  ).toBeVisible();
  await expect(card("Dana")).toHaveCount(0);
  await expect(card("Lee").getByText("1 merged lead")).toBeVisible();
  await expect(card("Lee")).toContainText("Merged into this lead");

  await card("Lee")
    .getByRole("button", { name: /^Timeline and notes/ })
    .click();
  const timeline = card("Lee").getByRole("list", { name: /^Timeline of the lead/ });
  await expect(timeline.getByText(`Merged: lead #${dana} into lead #${lee}`)).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: info.outputPath(`merged-${info.project.name}.png`), fullPage: true });

  // The merged lead's own address shows it, with where it went.
  await page.goto(`/dashboard/leads?lead=${dana}#lead-${dana}`);
  await expect(card("Dana")).toContainText(`This lead was merged into lead #${lee}`);
  await expect(page.getByText(`Showing lead #${dana} only.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await card("Dana")
    .getByRole("link", { name: `lead #${lee}` })
    .click();
  await expect(card("Lee")).toBeVisible();
});
