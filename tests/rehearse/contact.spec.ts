/**
 * A sales inquiry with an attachment, through the deployed configuration: the bundle stores the
 * file in S3, mails sales through SES with a link to the lead (never to the file), and the lead
 * reaches the dashboard's Leads inbox, whose download is a presigned S3 link.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { S3_ORIGIN, SALES_EMAIL, signIn, stamp, tinyPdf, waitForSes } from "./helpers";

const SELECTS = ["Company Size", "Approximate Budget", "Project Type"];
const field = (page: Page, label: string) =>
  page.getByRole(SELECTS.includes(label) ? "combobox" : "textbox", { name: label, exact: true });

test("an inquiry with an attachment reaches sales by SES and the Leads inbox; the file comes from S3", async ({
  page,
  browser,
}) => {
  const name = `Grace Hopper ${stamp()}`;
  const pdf = tinyPdf(name);
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Let's Talk" })).toBeVisible();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send" }) });
  await form.scrollIntoViewIfNeeded();
  await page.locator("astro-island[component-url*='ContactForm']:not([ssr])").waitFor();

  await field(page, "Full Name").fill(name);
  await field(page, "Work email").fill("grace@cobol-systems.test");
  await field(page, "Company").fill("COBOL Systems");
  await field(page, "Job Title").fill("Rear Admiral");
  await field(page, "Industry").fill("Defence");
  await field(page, "Company Size").selectOption("50-100");
  const country = page.getByLabel("Country of the mobile number");
  await country.focus();
  await country.selectOption("US");
  await field(page, "Mobile Number").pressSequentially("2025550143");
  await field(page, "Approximate Budget").selectOption("$10000-$50000");
  await field(page, "Project details").fill("Compile the fleet's payroll.");
  await field(page, "Project Type").selectOption("Urgent");
  const deadline = field(page, "Deadline");
  await deadline.fill("12/31/2099");
  await deadline.press("Escape");
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Send" }).click();

  await page.waitForURL("**/ack");
  await expect(page.getByRole("heading", { level: 1, name: `Thank You, ${name}!` })).toBeVisible();

  // Sales got it through SES; the mail links to the lead in the dashboard, never to the file.
  const mail = await waitForSes(SALES_EMAIL, /./);
  const text = mail.body.text ?? "";
  expect(text).toContain(`Full Name: ${name}`);
  expect(text).toContain("Attachment: brief.pdf");
  expect(text).toMatch(/https?:\/\/\S+\/dashboard\/leads#lead-\d+/);
  expect(text).not.toContain(S3_ORIGIN);
  expect(text).not.toContain("X-Amz-Signature");

  // Staff find the lead in the Leads inbox and download the attachment, again from S3.
  const staff = await browser.newContext({ acceptDownloads: true });
  const admin = await staff.newPage();
  await signIn(admin);
  await admin.goto("/dashboard/leads");
  await expect(admin.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const card = admin
    .getByRole("listitem")
    .filter({ has: admin.getByRole("heading", { name: new RegExp(`^${name}`) }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText("grace@cobol-systems.test");
  const requests: string[] = [];
  admin.on("request", (r) => requests.push(r.url()));
  const download = admin.waitForEvent("download");
  await card.getByRole("button", { name: /Download attachment/ }).click();
  const file = await download;
  expect(readFileSync((await file.path())!).equals(pdf)).toBe(true);
  expect(requests.some((u) => u.startsWith(S3_ORIGIN) && u.includes("X-Amz-Signature="))).toBe(true);
  await staff.close();
});

test("/contact%20us, SPEC's address, moves to /contact", async ({ page }) => {
  // On Netlify a function's path is matched before redirect rules: Astro's on-demand pages claim
  // every path without a file, so they answer the moved addresses (src/config/redirects.ts).
  const res = await page.goto("/contact%20us");
  expect(res?.status()).toBeLessThan(400);
  expect(res?.request().redirectedFrom()?.url()).toMatch(/\/contact%20us$/);
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Let's Talk" })).toBeVisible();
});
