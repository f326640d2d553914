/**
 * The dashboard's work screens in Chromium, at phone and desktop widths, against the real local
 * server (seeded: demo posts, jobs, FAQs, three candidates with PDF resumes and two leads). Phone
 * and desktop run at the same time on one server, so each works on its own rows.
 */
import { readFileSync } from "node:fs";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./helpers/axe";
import { openCareers } from "./helpers/careers";
import { waitForMail } from "./helpers/outbox";
import { loginAs, STAFF } from "./helpers/staff";

test.describe.configure({ timeout: 360_000 });
// The shared two-core machine answers slowly under load: wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
const slow = { timeout: 30_000 };

async function png(width: number, height: number, r: number) {
  return sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible(slow);
}

const status = (page: Page, text: string) =>
  expect(page.getByRole("status").filter({ hasText: text })).toBeVisible(slow);

test("admin adds a post with both images, sees it on /blog, edits and deletes it", async ({ page }, info) => {
  await loginAs(page, "admin");
  await open(page, "/dashboard/blog", "Post an article");
  await expect(page.getByRole("table")).toBeVisible(slow);
  await expectNoAxeViolations(page);

  const title = `Backups that restore (${info.project.name} ${Date.now()})`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Author").fill("Kavitha Subramanian");
  await page
    .getByLabel("Profile Image")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png(80, 80, 10) });
  await page
    .getByLabel("Banner Image")
    .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: await png(1800, 500, 200) });
  await page.getByLabel("Category").selectOption("Cloud Computing");
  await page.getByLabel("Content").fill("We restore a copy every quarter.\nThen we time it.");
  // A new post is a draft until the editor chooses otherwise, and the button names the act.
  await expect(page.getByRole("radio", { name: "Draft" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Save draft" })).toBeVisible();
  await page.getByRole("radio", { name: "Publish now" }).check();
  await expect(page.getByText(/^Will appear now on \/blog and at \/blog\//)).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await status(page, "Post added successfully");
  await expect(
    page.getByRole("status").filter({ hasText: /It appears on \/blog and at \/blog\/[a-z0-9-]+\./ }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toBeVisible(slow);

  // Both images were stored, optimised, and are served to the public.
  const list = (await (await page.request.get("/api/admin-posts")).json()) as {
    posts: { id: number; title: string; image1: string; image2: string }[];
  };
  const post = list.posts.find((p) => p.title === title)!;
  for (const src of [post.image1, post.image2]) {
    const img = await page.request.get(src);
    expect(img.status()).toBe(200);
    expect(img.headers()["content-type"]).toBe("image/webp");
  }

  await page.goto("/blog");
  // The title, the card and the sidebar all link to the post.
  await expect(page.getByRole("link", { name: title, exact: true }).first()).toBeVisible();

  await open(page, "/dashboard/blog", "Post an article");
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  const edited = `${title} (edited)`;
  await page.getByLabel("Title").fill(edited);
  await page.getByRole("button", { name: "Update Post" }).click();
  await status(page, "Post updated successfully");
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: edited, exact: true }).first()).toBeVisible();

  await open(page, "/dashboard/blog", "Post an article");
  await page.getByRole("button", { name: `Actions for ${edited}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete the post?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await status(page, "Post deleted successfully");
  await expect(page.getByRole("link", { name: edited })).toHaveCount(0);
  expect((await page.request.get(post.image2)).status()).toBe(404);
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: edited })).toHaveCount(0);
});

test("admin answers and deletes FAQ questions", async ({ page }, info) => {
  // Its own two questions, asked through the public form's endpoint: the seeded FAQs stay as the
  // careers tests (running at the same time) expect them.
  const stamp = `${info.project.name} ${Date.now()}`;
  const question = `Can I work from Pune (${stamp})?`;
  const removed = `Is there a joining bonus (${stamp})?`;
  for (const q of [question, removed]) {
    const r = await page.request.post("/api/add-faq", { data: { question: q } });
    expect(r.status()).toBe(201);
  }
  await loginAs(page, "admin");
  await open(page, "/dashboard/candidates#faq", "Candidate management");
  await expect(page.getByRole("tab", { name: "Comments" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Show").selectOption("unanswered");
  await expect(page.getByRole("heading", { name: question })).toBeVisible(slow);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: `Edit answer: ${question}` }).click();
  // The stamp keeps a retry's answer apart from the first try's, which is public by then.
  const answer = `Yes, answered from the dashboard (${stamp}).`;
  await page.getByRole("textbox", { name: "Answer" }).fill(answer);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save answer" }).click();
  await status(page, "FAQ updated successfully");
  // The answer is public on /careers at once (found by the careers page's FAQ search).
  await openCareers(page);
  await page.getByLabel("Search questions").fill(stamp);
  await expect(page.getByRole("heading", { name: question })).toBeVisible(slow);
  await expect(page.getByText(answer)).toBeVisible();
  await page.goto("/dashboard/candidates#faq");
  await expect(page.getByRole("tab", { name: "Comments" })).toHaveAttribute("aria-selected", "true");
  const all = (await (await page.request.get("/api/admin-comments?filter=all")).json()) as {
    comments: { question: string; answer: string | null }[];
  };
  expect(all.comments.find((c) => c.question === question)?.answer).toBe(answer);
  const open_ = (await (await page.request.get("/api/admin-comments?filter=unanswered")).json()) as {
    comments: { question: string }[];
  };
  expect(open_.comments.map((c) => c.question)).not.toContain(question);

  await page.getByLabel("Show").selectOption("all");
  await page.getByRole("button", { name: `Delete: ${removed}` }).click();
  await page
    .getByRole("alertdialog", { name: "Delete the question?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await status(page, "FAQ deleted successfully");
  await expect(page.getByRole("heading", { name: removed })).toHaveCount(0);
});

test("admin adds, edits and deletes a job post", async ({ page }, info) => {
  await loginAs(page, "admin");
  await open(page, "/dashboard/candidates#jobs", "Candidate management");
  await expect(page.getByRole("tab", { name: "Job Posts" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: /^Job posts/ })).toBeVisible(slow);
  await expectNoAxeViolations(page);

  const title = `Network Engineer ${info.project.name} ${Date.now()}`;
  await page.getByLabel("Job title").fill(title);
  await page.getByRole("button", { name: "Add Job Post" }).click();
  await expect(page.getByText("Required experience is required.")).toBeVisible();
  await page.getByLabel("Required experience (years)").fill("3");
  await page.getByLabel("Skills (optional)").fill("BGP, Firewalls, bgp");
  await page.getByLabel("Description").fill("Run our customers' networks.");
  await page.getByRole("button", { name: "Add Job Post" }).click();
  await status(page, "Job post added successfully");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(item).toContainText("BGP, Firewalls");
  await expect(item).toContainText("3 years");

  await item.getByRole("button", { name: `Edit ${title}` }).click();
  await page.getByLabel("Required experience (years)").fill("5");
  await page.getByRole("button", { name: "Update Job Post" }).click();
  await status(page, "Job post updated successfully");
  await expect(item).toContainText("5 years");

  await item.getByRole("button", { name: `Delete ${title}` }).click();
  await page
    .getByRole("alertdialog", { name: "Delete the job post?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await status(page, "Job post deleted successfully");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("admin changes a candidate's status, sees the history and the mail, and opens the resume", async ({
  page,
}, info) => {
  const phone = info.project.name === "phone";
  const name = phone ? "Ananya Sharma" : "Rohan Verma";
  const email = phone ? "ananya.sharma@example.com" : "rohan.verma@example.com";
  const next = phone ? "Selected" : "Rejected";
  await loginAs(page, "admin");
  await open(page, "/dashboard/candidates#candidates", "Candidate management");
  const select = page.getByLabel(`Status of ${name}`);
  await expect(select).toBeVisible(slow);
  await expectNoAxeViolations(page);

  await select.selectOption(next);
  // Both statuses mail the candidate: the dashboard asks first.
  await page
    .getByRole("alertdialog", { name: "Change the status?" })
    .getByRole("button", { name: "Change and e-mail" })
    .click();
  await status(page, "Status updated successfully. The candidate was e-mailed.");
  await expect(select).toHaveValue(next);
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByText(/^History \(1\)/).click();
  await expect(row.getByRole("list", { name: `Status history of ${name}` })).toContainText(
    `New → ${next} by ${STAFF.admin.email}`,
  );
  const mail = await waitForMail(email, /Your application to Nimbus Cloud Ops/);
  expect(mail.text).toContain(phone ? "next step" : "not be moving forward");

  // The PDF opens in the browser's new tab (not a download), from a short-lived link, sandboxed.
  let downloaded = false;
  page.context().on("download", () => (downloaded = true));
  const response = page
    .context()
    .waitForEvent("response", { predicate: (r) => r.url().includes("/api/files/private/"), ...slow });
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    row.getByRole("link", { name: `View PDF resume of ${name}` }).click(),
  ]);
  const pdf = await response;
  await expect(tab).toHaveURL(/\/api\/files\/private\/[0-9a-f-]{36}\.pdf\?.*view=inline/, slow);
  // allHeaders: headers() leaves out the security headers.
  const h = await pdf.allHeaders();
  expect(h["content-type"]).toBe("application/pdf");
  expect(h["content-disposition"]).toMatch(/^inline; filename="application-\d+-resume\.pdf"$/);
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["content-security-policy"]).toMatch(/^sandbox; default-src 'none'/);
  // (The browser hands its PDF viewer the bytes: read them again from the same link.)
  const bytes = await (await page.request.get(pdf.url())).body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(downloaded).toBe(false);
  await tab.close();
  await expect(page.getByLabel(`Status of ${name}`)).toBeVisible(slow);

  // Filtering by the new status keeps the candidate; New no longer lists them.
  await page.getByLabel("Status", { exact: true }).selectOption(next);
  await expect(page.getByLabel(`Status of ${name}`)).toBeVisible(slow);
});

test("admin reads a lead, opens its attachment, moves it to Contacted and exports the CSV", async ({
  page,
}, info) => {
  const lead = info.project.name === "phone" ? "Jordan Miller" : "Sam Okafor";
  await loginAs(page, "admin");
  await open(page, "/dashboard/leads", "Leads");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${lead}`) }) });
  await expect(card).toBeVisible(slow);
  await expect(card).toContainText("Business Mail");
  await expect(card).toContainText("Approximate Budget");
  await expectNoAxeViolations(page);

  if (lead === "Jordan Miller") {
    const download = page.waitForEvent("download", { timeout: 90_000 });
    await card.getByRole("button", { name: /Download attachment/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^inquiry-\d+-attachment\.pdf$/);
  }

  await card.getByLabel(/^Stage/).selectOption("Contacted");
  await status(page, "Lead moved to Contacted");
  await expect(card.getByText("Stage: Contacted", { exact: true })).toBeVisible();
  await expect(card).toContainText("Handled by");

  await page.getByLabel("Stage", { exact: true }).selectOption("Contacted");
  await expect(card).toBeVisible(slow);
  const download = page.waitForEvent("download", { timeout: 90_000 });
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await csv.path())!, "utf8");
  expect(text).toContain("Full Name");
  expect(text).toContain(lead);
  // A phone number in E.164 is a number to a spreadsheet, not a formula: no apostrophe before it.
  expect(text).toMatch(/"\+1\d+"/);
  expect(text).not.toContain("'+1");
});

test("a reader reads the blog admin and a post's comments, with no control that changes anything", async ({
  page,
}) => {
  await loginAs(page, "reader");
  await open(page, "/dashboard/blog", "Blog posts");
  await expect(page.getByRole("table")).toBeVisible(slow);
  await expect(page.getByRole("button", { name: /^(Save draft|Schedule|Publish)$/ })).toHaveCount(0);
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Actions for/ })).toHaveCount(0);
  await page.getByRole("button", { name: /^Comments on Five signs/ }).click();
  await expect(page.getByRole("heading", { name: /^Comments on/ })).toBeVisible(slow);
  await expectNoAxeViolations(page);
});

test("a reader reads FAQ questions, job posts and candidates, with no control that changes anything", async ({
  page,
}) => {
  await loginAs(page, "reader");
  await open(page, "/dashboard/candidates#faq", "Candidate management");
  await expect(page.getByRole("heading", { name: "Do you hire freshers?" })).toBeVisible(slow);
  await expect(page.getByRole("button", { name: /^Edit answer/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("tab", { name: "Job Posts" }).click();
  await expect(page.getByRole("heading", { name: "Data Engineer" })).toBeVisible(slow);
  await expect(page.getByRole("button", { name: /Job Post$/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Edit|Delete)/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("tab", { name: "Candidates" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Meera Pillai" })).toBeVisible(slow);
  await expect(page.getByRole("combobox", { name: /^Status of/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^View PDF/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a reader is shown no lead and the server refuses every change", async ({ page }) => {
  await loginAs(page, "reader");
  await page.goto("/dashboard/leads");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible(slow);
  await expect(page.getByText(/Sam Okafor/)).toHaveCount(0);
  for (const read of ["/api/inquiries", "/api/inquiries/export", "/api/lead-owners"])
    expect((await page.request.get(read)).status(), read).toBe(403);

  // The server refuses every change from a reader, whatever the screen shows.
  const refused = [
    page.request.post("/api/add-job-post", {
      data: { job_title: "X", required_experience: 1, description: "Y" },
    }),
    page.request.post("/api/update-faq", { data: { id: 1, answer: "No" } }),
    page.request.post("/api/update-application-status", { data: { id: 1, status: "Selected" } }),
    page.request.post("/api/update-inquiry", { data: { id: 1, handled: true } }),
    page.request.post("/api/add-post", {
      multipart: { title: "X", author: "Y", category: "Servers", content: "Z" },
    }),
    page.request.delete("/api/delete-post/1"),
    page.request.delete("/api/delete-job-post/1"),
    page.request.delete("/api/delete-faq/1"),
  ];
  for (const res of await Promise.all(refused)) expect(res.status()).toBe(403);
  const posts = (await (await page.request.get("/api/admin-posts")).json()) as { posts: { id: number }[] };
  expect(posts.posts.some((p) => p.id === 1)).toBe(true);
});
