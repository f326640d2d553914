import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { validInquiry } from "../../helpers/contact";
import { expectNoAxeViolations } from "../helpers/axe";
import { e2eDataDir } from "../helpers/data-dir";
import { readOutbox } from "../helpers/outbox";
import { loginAs } from "../helpers/staff";

/**
 * When mail cannot be sent, a new lead still arrives, its failed sales notification shows in the
 * leads inbox, and staff send it again from there. The outage is real: the local server's outbox
 * folder is replaced by a file, so writing a message fails. This project runs on the serial
 * projects' own server (playwright.config.ts), after the busy site, so no other spec loses its mail.
 */
const outboxPaths = () => {
  const outbox = path.join(e2eDataDir(), "outbox");
  return { outbox, away: `${outbox}.away` };
};

function breakOutbox() {
  const { outbox, away } = outboxPaths();
  if (existsSync(outbox)) renameSync(outbox, away);
  writeFileSync(outbox, "mail cannot be written while this file stands where the folder was");
}
function restoreOutbox() {
  const { outbox, away } = outboxPaths();
  if (existsSync(outbox) && statSync(outbox).isFile()) rmSync(outbox);
  if (existsSync(away)) renameSync(away, outbox);
  else mkdirSync(outbox, { recursive: true });
}

test.afterAll(restoreOutbox);

test("a lead whose notification failed shows it, and Send again delivers it once", async ({ page }) => {
  test.setTimeout(120_000);
  const fullName = `Priya Outage ${Date.now()}`;
  breakOutbox();
  try {
    const res = await page.request.post("/api/submit", {
      multipart: { ...validInquiry, fullName, email: "priya@outage-test.example" },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  } finally {
    restoreOutbox();
  }
  const toSales = () =>
    readOutbox().filter((m) => m.subject.startsWith("New inquiry") && m.text.includes(fullName));
  expect(toSales()).toHaveLength(0);

  await loginAs(page, "admin");
  await page.goto("/dashboard/leads");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${fullName}`) }) });
  await expect(card.getByText("Sales were not notified of this lead.")).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText("The notification failed once");
  await expect(card).toContainText("It will be tried again automatically after");
  await expectNoAxeViolations(page);
  await card
    .getByRole("button", { name: `Send again the notification of the lead from ${fullName}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Notification sent to sales" })).toBeVisible();
  await expect(card.getByText("Sales were not notified of this lead.")).toHaveCount(0);
  await expect.poll(() => toSales().length).toBe(1);
  expect(toSales()[0]!.to).toBe("sales@example.com");
});
