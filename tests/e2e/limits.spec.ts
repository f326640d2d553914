/**
 * A limit the server enforces reaches the visitor as words: asking for a second e-mail code
 * within the minute is answered 429, and the application form shows why and when to try again.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { openCareers } from "./helpers/careers";

test("a second code within the minute shows the server's 429 message in the form", async ({ page }, info) => {
  const email = `limit-${info.project.name}-${Date.now()}@example.org`;
  // The first code, asked for just now (the same visitor, in another tab).
  expect((await page.request.post("/api/send-email-otp", { data: { email } })).status()).toBe(200);

  await openCareers(page);
  const apply = page.getByRole("button", { name: /^Apply Now for / }).first();
  await apply.scrollIntoViewIfNeeded();
  await apply.click();
  const dialog = page.getByRole("dialog", { name: "Job Application" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/send-email-otp"));
  await dialog.getByRole("button", { name: "Send OTP" }).click();
  expect((await answer).status()).toBe(429);
  // Said beside the button (in the e-mail's own group, in view, announced), without a contradicting
  // "Failed to send", and the box for the code already received is offered.
  const verification = dialog.getByRole("group", { name: "Email verification" });
  const said = verification
    .getByRole("status")
    .filter({ hasText: /A code was sent a moment ago\. You can ask for a new one in \d+ seconds\./ });
  await expect(said).toBeVisible();
  await expect(said).toBeInViewport();
  await expect(said).toContainText("If you already have a code from us, enter it below.");
  await expect(dialog.getByText(/Failed to send OTP/)).toHaveCount(0);
  await expect(dialog.getByLabel("Email OTP")).toBeVisible();
  await expect(dialog.getByLabel("Email OTP")).toBeFocused();
  await page.screenshot({ path: `test-results/shots/otp-again-${info.project.name}.png` });
  await expectNoAxeViolations(page, "dialog");
});
