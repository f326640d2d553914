/**
 * What a recruiter and an editor tripped over in the dashboard (at 375 and 1280 px): each test
 * here failed before its fix.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { applyAs, uniqueTag } from "./helpers/apply";
import { expectNoAxeViolations } from "./helpers/axe";
import { readOutbox } from "./helpers/outbox";
import { loginAs, STAFF } from "./helpers/staff";

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

const shot = (page: Page, name: string, project: string) =>
  page.screenshot({ path: `test-results/shots/${name}-${project}.png` });

/** A candidate of the test's own, for the Data Engineer opening. */
async function ownCandidate(page: Page, project: string) {
  const tag = uniqueTag(project);
  const { jobs } = (await (await page.request.get("/api/jobs")).json()) as {
    jobs: { id: number; job_title: string }[];
  };
  const job = jobs.find((j) => j.job_title === "Data Engineer")!;
  const last = `Tester${tag.replace(/\D/g, "").slice(-9)}`;
  const email = `${tag}@example.org`;
  const name = await applyAs(page, job.id, "Kiran", last, email);
  return { name, email };
}

test("a status change that mails the candidate asks first, naming who and what", async ({ page }, info) => {
  const { name, email } = await ownCandidate(page, info.project.name);
  let nativeDialog = false;
  page.on("dialog", (d) => {
    nativeDialog = true;
    void d.dismiss();
  });
  await loginAs(page, "admin");
  await open(page, "/dashboard/candidates#candidates", "Candidate management");
  const select = page.getByLabel(`Status of ${name}`);
  await expect(select).toHaveValue("New");

  await select.selectOption("Rejected");
  const ask = page.getByRole("alertdialog", { name: "Change the status?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(name);
  await expect(ask).toContainText(email);
  await expect(ask).toContainText("Rejected");
  await expect(ask).toContainText(/rejection e-mail/i);
  await shot(page, "status-confirm", info.project.name);
  await expectNoAxeViolations(page, "dialog");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(select).toHaveValue("New");
  expect(
    readOutbox().filter((m) => m.to.includes(email) && /^Your application to/.test(m.subject)),
  ).toHaveLength(0);

  await select.selectOption("Rejected");
  await ask.getByRole("button", { name: "Change and e-mail" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Status updated successfully. The candidate was e-mailed." }),
  ).toBeVisible();
  await expect(page.getByLabel(`Status of ${name}`)).toHaveValue("Rejected");

  // A change that mails no one (to Maybe) needs no question.
  await page.getByLabel(`Status of ${name}`).selectOption("Maybe");
  await expect(
    page.getByRole("status").filter({ hasText: /^Status updated successfully\.?$/ }),
  ).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(nativeDialog).toBe(false);
});

test("View PDF opens the resume in a new tab from a short-lived signed link; the dashboard stays", async ({
  page,
}, info) => {
  await loginAs(page, "reader");
  await open(page, "/dashboard/candidates#candidates", "Candidate management");
  const row = page.getByRole("row").filter({ hasText: "Meera Pillai" });
  const link = row.getByRole("link", { name: "View PDF resume of Meera Pillai" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await tab.waitForURL(/\/api\/files\/private\/[0-9a-f-]{36}\.pdf\?.*view=inline/);
  expect(new URL(tab.url()).searchParams.get("exp")).toMatch(/^\d+$/);
  await tab.close();
  await expect(page).toHaveURL(/\/dashboard\/candidate/);
  await expect(link).toBeVisible();

  // Without a session the link leads nowhere.
  const anon = await page.request.fetch(await link.getAttribute("href").then((h) => h!), {
    headers: { cookie: "" },
    maxRedirects: 0,
  });
  expect([401, 403]).toContain(anon.status());
  void info;
});

test("candidates table: names on one line at 1280 px; the tabs fit a phone", async ({ page }, info) => {
  await loginAs(page, "reader");
  await open(page, "/dashboard/candidates#candidates", "Candidate management");
  const tabs = page.getByRole("tablist", { name: "Candidate management" });
  const box = (await tabs.boundingBox())!;
  for (const name of ["Comments", "Job Posts", "Candidates"]) {
    const t = (await tabs.getByRole("tab", { name }).boundingBox())!;
    expect(t.x, name).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(t.x + t.width, name).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  const names = page.getByRole("table").locator("tbody strong");
  await expect(names.filter({ hasText: "Meera Pillai" })).toBeVisible();
  // A name is read on one line (its inline box has one fragment per line it takes).
  if (info.project.name === "desktop")
    for (const lines of await names.evaluateAll((els) => els.map((el) => el.getClientRects().length)))
      expect(lines).toBe(1);
  await shot(page, "candidates", info.project.name);
  await page.getByRole("tab", { name: "Comments" }).click();
  await shot(page, "tabs-comments", info.project.name);
});

test("lead cards read dates and phone numbers as the rest of the dashboard does", async ({ page }, info) => {
  await loginAs(page, "sales");
  await open(page, "/dashboard/leads", "Leads");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Sam Okafor/ }) });
  await expect(card).toBeVisible();
  const phone = card.getByRole("link", { name: "+1 212 555 0199" });
  await expect(phone).toHaveAttribute("href", "tel:+12125550199");
  await expect(card).not.toContainText("+12125550199");
  const dated = page.getByRole("listitem").filter({ hasText: "Mar 31, 2026" });
  await expect(dated.first()).toBeVisible();
  await expect(page.locator("main")).not.toContainText("2026-03-31");
  await card.screenshot({ path: `test-results/shots/lead-card-${info.project.name}.png` });
});

async function png() {
  return sharp({ create: { width: 600, height: 315, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    .png()
    .toBuffer();
}

test("the blog editor drops 'Please correct the errors in the form.' once the fields are fixed", async ({
  page,
}, info) => {
  await loginAs(page, "admin");
  await open(page, "/dashboard/blog", "Post an article");
  await page.getByRole("button", { name: "Save draft" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Please correct the errors in the form." });
  await expect(alert).toBeVisible();
  await page.getByLabel("Title").fill(`Fixed ${uniqueTag(info.project.name)}`);
  await page.getByLabel("Author").fill("Kavitha Subramanian");
  const image = { name: "p.png", mimeType: "image/png", buffer: await png() };
  await page.getByLabel("Profile Image").setInputFiles(image);
  await page.getByLabel("Banner Image").setInputFiles(image);
  await page.getByLabel("Category").selectOption("Containers");
  await page.getByLabel("Content").fill("Every field is right now.");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(
    page.getByRole("tabpanel", { name: "Preview" }).getByText("Every field is right now."),
  ).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(page.locator(".field-error:visible")).toHaveCount(0);
  await shot(page, "blog-editor", info.project.name);
});

test("deleting a post, a job or a FAQ asks in the site's dialog, never the browser's", async ({
  page,
}, info) => {
  let nativeDialog = false;
  page.on("dialog", (d) => {
    nativeDialog = true;
    void d.dismiss();
  });
  const stamp = uniqueTag(info.project.name);
  const question = `Is there a gym (${stamp})?`;
  expect((await page.request.post("/api/add-faq", { data: { question } })).status()).toBe(201);
  await loginAs(page, "admin");
  await open(page, "/dashboard/candidates#faq", "Candidate management");
  await page.getByLabel("Show").selectOption("unanswered");
  await page.getByRole("button", { name: `Delete: ${question}` }).click();
  const ask = page.getByRole("alertdialog");
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(question);
  await shot(page, "delete-faq", info.project.name);
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: question })).toBeVisible();
  await page.getByRole("button", { name: `Delete: ${question}` }).click();
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "FAQ deleted successfully" })).toBeVisible();
  await expect(page.getByRole("heading", { name: question })).toHaveCount(0);

  const job = `Gym Instructor ${stamp}`;
  await page.getByRole("tab", { name: "Job Posts" }).click();
  await page.getByLabel("Job title").fill(job);
  await page.getByLabel("Required experience (years)").fill("2");
  await page.getByLabel("Description").fill("Keeps the team fit.");
  await page.getByRole("button", { name: "Add Job Post" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Job post added successfully" })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${job}` }).click();
  await expect(ask).toContainText(job);
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Job post deleted successfully" })).toBeVisible();

  const title = `Short-lived ${stamp}`;
  const form = new FormData();
  const res = await page.request.post("/api/add-post", {
    multipart: {
      title,
      author: "Kavitha Subramanian",
      category: "Containers",
      content: "Gone soon.",
      status: "published",
      format: "text",
      image1: { name: "a.png", mimeType: "image/png", buffer: await png() },
      image2: { name: "b.png", mimeType: "image/png", buffer: await png() },
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  void form;
  await open(page, "/dashboard/blog", "Post an article");
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(ask).toContainText(title);
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post deleted successfully" })).toBeVisible();
  expect(nativeDialog).toBe(false);
});

test("after a password change, an open Profile Settings lists only the sessions still signed in", async ({
  page,
  request,
}, info) => {
  const email = `e2e-sessions-${uniqueTag(info.project.name)}@example.com`;
  const password = `first-password-${Date.now()}`;
  expect((await request.post("/api/login", { data: STAFF.root_admin })).status()).toBe(200);
  expect((await request.post("/api/add-user", { data: { email, password, role: "reader" } })).status()).toBe(
    201,
  );
  await request.post("/api/logout");
  // Another device, then this browser.
  expect((await request.post("/api/login", { data: { email, password } })).status()).toBe(200);
  expect((await page.request.post("/api/login", { data: { email, password } })).status()).toBe(200);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Profile Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Profile Settings" });
  const devices = dialog.getByRole("region", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);

  // Cancelling the image's file chooser leaves the dialog open.
  await dialog
    .getByLabel("Profile image file")
    .evaluate((input) => input.dispatchEvent(new Event("cancel", { bubbles: true })));
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Change", exact: true }).click();
  await dialog.getByLabel("Current Password").fill(password);
  await dialog.getByLabel("New Password").fill("second-password-ok-1");
  await dialog.getByLabel("Confirm Password").fill("second-password-ok-1");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("status").first()).toHaveText("Profile updated successfully!");
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByRole("listitem").first()).toContainText("(this device)");
  await shot(page, "profile-sessions", info.project.name);
});
