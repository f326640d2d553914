/**
 * The dashboard's wide tables (candidates, audit trail) at 1280 and 375 px, with long names and
 * many rows: at 1280 they fit, or scroll inside their own frame (a focusable, named region) with
 * the first column kept in view; on a phone each row is a card and nothing leaves the screen. The
 * Candidates screen opens on its candidates. Each test is checked with axe. @layout
 */
import { mkdirSync } from "node:fs";
import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { applyAs, uniqueTag } from "./helpers/apply";
import { expectNoAxeViolations } from "./helpers/axe";
import { loginAs } from "./helpers/staff";

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const shot = (page: Page, name: string, project: string) => {
  mkdirSync("test-results/shots", { recursive: true });
  return page.screenshot({ path: `test-results/shots/${name}-${project}.png` });
};

/** Nothing of the page itself scrolls sideways. */
async function expectNoPageOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * The table fits its frame, or the frame scrolls to show its last column while the first stays
 * where it was. The frame can be reached with the keyboard and has a name.
 */
async function expectTableReadable(region: Locator) {
  await expect(region).toHaveAttribute("tabindex", "0");
  await expect(region).toHaveAccessibleName(/\S/);
  const box = (await region.boundingBox())!;
  const firstCell = region.locator("tbody tr").first().locator("td").first();
  const lastHeader = region.locator("thead th").last();
  const before = (await firstCell.boundingBox())!;
  // Scrolled to its end with the keyboard, as a person without a mouse would.
  await region.focus();
  await region.press("End");
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const last = (await lastHeader.boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
  const after = (await firstCell.boundingBox())!;
  expect(Math.abs(after.x - before.x)).toBeLessThan(1);
  await region.evaluate((el) => el.scrollTo({ left: 0 }));
}

test("Candidates opens on its candidates; long names and many rows stay readable at each width (axe) @layout", async ({
  page,
}, info) => {
  const tag = uniqueTag(info.project.name);
  const { jobs } = (await (await page.request.get("/api/jobs")).json()) as {
    jobs: { id: number; job_title: string }[];
  };
  const job = jobs[0]!;
  const digits = tag.replace(/\D/g, "").slice(-8);
  // Two candidates with a long name and a long address, beside the seeded ones.
  const long = await applyAs(
    page,
    job.id,
    "Venkatanarasimharajuvaripeta",
    `Subramanyam ${digits}`,
    `venkatanarasimharajuvaripeta.s${digits}@long-company-name.example.org`,
  );
  await applyAs(page, job.id, "Ana", `Lu${digits}`, `ana.lu.${digits}@example.org`);

  await loginAs(page, "admin");
  await page.goto("/dashboard/candidates");
  await expect(page.getByRole("heading", { level: 1, name: "Candidate management" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Candidates" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { level: 2, name: /^Candidates \(\d+\)$/ })).toBeVisible();
  const region = page.getByRole("region", { name: /^Candidates \(\d+\)$/ });
  await expect(region.getByText(long, { exact: true })).toBeVisible();
  await expect(region.locator("tbody tr")).not.toHaveCount(0);
  expect(await region.locator("tbody tr").count()).toBeGreaterThanOrEqual(5);
  await expectNoPageOverflow(page);
  if (info.project.name === "desktop") {
    await expectTableReadable(region);
    // Each row's status control is wholly inside the frame once scrolled to (not cut off).
    const status = region.getByLabel(`Status of ${long}`);
    await status.scrollIntoViewIfNeeded();
    const s = (await status.boundingBox())!;
    const r = (await region.boundingBox())!;
    expect(s.x + s.width).toBeLessThanOrEqual(r.x + r.width + 1);
    await shot(page, "candidates-table-scrolled", info.project.name);
    await region.evaluate((el) => el.scrollTo({ left: 0 }));
  } else {
    // A card per row: the status and the history are on the screen.
    const row = region.getByRole("row").filter({ hasText: long });
    for (const part of [
      row.getByText(long, { exact: true }),
      row.getByLabel(`Status of ${long}`),
      row.getByText(/^History \(\d+\)/),
    ]) {
      const b = (await part.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(375);
    }
  }
  await expectNoAxeViolations(page);
  await shot(page, "candidates-table", info.project.name);
});

test("the audit trail's table stays readable at each width, its actions in words (axe) @layout", async ({
  page,
}, info) => {
  await loginAs(page, "root_admin");
  await page.goto("/dashboard/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  const region = page.getByRole("region", { name: /^\d+ entr(y|ies)$/ });
  await expect(region.locator("tbody tr").first()).toBeVisible();
  await expect(region.getByText("Signed in").first()).toBeVisible();
  await expect(region).not.toContainText("auth.login");
  await expectNoPageOverflow(page);
  if (info.project.name === "desktop") await expectTableReadable(region);
  await expectNoAxeViolations(page);
  await shot(page, "audit-table", info.project.name);
});
