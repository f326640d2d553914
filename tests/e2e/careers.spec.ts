import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { openCareers } from "./helpers/careers";
import { codeIn, readOutbox, waitForMail } from "./helpers/outbox";
import { tinyPdf } from "../helpers/tiny-pdf";
import { e2eDataDir } from "./helpers/data-dir";

// A whole application with axe scans takes a while on a busy shared 2-core machine.
test.setTimeout(360_000);
/** Waits for answers that go through a function (each call starts a fresh worker locally). */
const SERVER = { timeout: 30_000 };

/** The stored resumes of the server this test talks to. */
const resumesDir = () => path.join(e2eDataDir(), "uploads", "private");

/** Stored resumes (the local storage keeps a ".type" file beside each object). */
function storedResumes(): string[] {
  return existsSync(resumesDir()) ? readdirSync(resumesDir()).filter((f) => !f.endsWith(".type")) : [];
}

/** Stored resumes with exactly these bytes. */
function storedCopies(bytes: Buffer): number {
  return storedResumes().filter((f) => readFileSync(path.join(resumesDir(), f)).equals(bytes)).length;
}

const unique = (project: string) => `${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test("openings are in the server's HTML with links to their own pages, and the search filters them", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/careers")).text();
  const { jobs } = (await (await request.get("/api/jobs")).json()) as { jobs: { job_title: string }[] };
  expect(jobs.length).toBeGreaterThan(0);
  for (const j of jobs) expect(html).toContain(j.job_title.replace(/&/g, "&amp;"));
  // No job markup on the list page (search engines take it from each opening's own page only),
  // and every opening links to its page.
  expect(html).not.toContain('"JobPosting"');
  const links = new Set([...html.matchAll(/href="(\/careers\/\d+-[a-z0-9-]+)"/g)].map((m) => m[1]));
  expect(links.size).toBe(jobs.length);

  await openCareers(page);
  const cards = page.locator("#openings-list > li");
  await expect(cards.filter({ visible: true })).toHaveCount(jobs.length);
  await page.getByLabel("Search openings").fill("KUBERNETES");
  await expect(cards.filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Senior DevOps Engineer (Kubernetes)" })).toBeVisible();
  // Matches in the description count too.
  await page.getByLabel("Search openings").fill("runbooks");
  await expect(cards.filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole("heading", { name: /Cloud Support Engineer/ })).toBeVisible();
  await page.getByLabel("Search openings").fill("underwater basket weaving");
  await expect(cards.filter({ visible: true })).toHaveCount(0);
  await expect(page.getByText('No openings match "underwater basket weaving".')).toBeVisible();
  await page.getByLabel("Search openings").fill("");
  await expect(cards.filter({ visible: true })).toHaveCount(jobs.length);
  await expectNoAxeViolations(page);
});

test("FAQ: four answered by default, search among answered, ask a question", async ({ page }, info) => {
  await openCareers(page);
  const items = page.locator("#faq-list > li");
  await expect(items.filter({ visible: true })).toHaveCount(4);
  await page.getByLabel("Search questions").fill("CERTIFICATION");
  await expect(items.filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Do you sponsor certifications?" })).toBeVisible();
  // The answer is searched too ("cab" appears only in an answer).
  await page.getByLabel("Search questions").fill("cab pick-up");
  await expect(
    page.getByRole("heading", { name: "Do night shifts come with extra benefits?" }),
  ).toBeVisible();
  // Unanswered questions are never shown.
  await page.getByLabel("Search questions").fill("probation");
  await expect(items.filter({ visible: true })).toHaveCount(0);

  const posted: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/add-faq")) posted.push(r.postData() ?? "");
  });
  const question = page.getByPlaceholder("Ask a new question...");
  await question.fill("   ");
  await page.getByRole("button", { name: "Submit question" }).click();
  await expect(page.getByText("Question is required.")).toBeVisible();
  expect(posted).toHaveLength(0);

  await question.fill(`Do you hire for ${unique(info.project.name)}?`);
  await page.getByRole("button", { name: "Submit question" }).click();
  await expect(page.getByText("FAQ submitted. Your question will appear once answered.")).toBeVisible(SERVER);
  // What happens next: who answers, where and roughly when.
  await expect(page.getByRole("status").filter({ hasText: "FAQ submitted." })).toContainText(
    /our recruitment team .* answers it here, in the list of questions on this page, usually within a few working days/,
  );
  await expect(question).toHaveValue("");
  expect(posted).toHaveLength(1);
  await expectNoAxeViolations(page, "#faq");
});

test("apply: verify the e-mail with the mailed code, fill every field, attach a resume, submit", async ({
  page,
}, info) => {
  const email = `${unique(info.project.name)}@example.org`;
  await openCareers(page);
  const apply = page.getByRole("button", { name: "Apply Now for Data Engineer" });
  await apply.scrollIntoViewIfNeeded();
  await apply.click();
  const dialog = page.getByRole("dialog", { name: "Job Application" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Data Engineer")).toBeVisible();
  await expect(dialog.getByLabel("First name")).toBeFocused();
  await expectNoAxeViolations(page, "dialog");

  // Escape closes and focus returns to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(apply).toBeFocused();
  await apply.click();
  await expect(dialog).toBeVisible();

  // Focus stays inside: Shift+Tab from the first field goes to the last control and back.
  await dialog.getByLabel("First name").focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);

  const submit = dialog.getByRole("button", { name: "Submit application" });
  await expect(submit).toBeDisabled();

  await dialog.getByLabel("First name").fill("Asha");
  await dialog.getByLabel("Last name").fill("Raman");
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Send OTP" }).click();
  await expect(dialog.getByText("OTP sent to your email.")).toBeVisible(SERVER);
  const code = codeIn(await waitForMail(email, /verification code/i));

  const otp = dialog.getByLabel("Email OTP");
  await otp.fill(code === "000000" ? "111111" : "000000");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByText("Incorrect email OTP")).toBeVisible(SERVER);
  await expect(submit).toBeDisabled();
  await otp.fill(code);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByText("Email verified!")).toBeVisible(SERVER);
  await expect(submit).toBeEnabled();

  await dialog.getByLabel("Mobile number").fill("98765 43210");
  await dialog.getByLabel("Address").fill("12 Lake Road, Chennai");
  await expect(dialog.getByRole("radio", { name: "Prefer not to say" })).toBeVisible();
  await dialog.getByRole("radio", { name: "Female" }).check();
  await dialog.getByLabel("Total experience (years)").fill("5");
  await dialog.getByLabel("IT experience (years)").fill("4.5");
  await dialog.getByLabel("Current company").fill("Acme Infotech");
  await expect(dialog.getByLabel("Notice period")).toHaveValue("immediate");
  await dialog.getByLabel("Notice period").selectOption("30 Days");
  await dialog.getByLabel("Expected salary (INR per year)").fill("1200000");
  await expect(dialog.getByRole("radio", { name: "Yes" })).toBeChecked();
  await dialog.getByRole("radio", { name: "No", exact: true }).check();

  const skills = dialog.getByRole("textbox", { name: "Skills" });
  await skills.fill("SQL");
  await skills.press("Enter");
  await skills.pressSequentially(" Python ,dbt,");
  await skills.fill("sql");
  await skills.press("Enter"); // a duplicate, ignoring case
  const skillTags = dialog.getByRole("list", { name: "Skills added" }).getByRole("listitem");
  await expect(skillTags).toHaveText(["SQL×", "Python×", "dbt×"]);
  await dialog.getByRole("button", { name: "Remove skill dbt" }).click();
  await expect(skillTags).toHaveCount(2);
  const certs = dialog.getByRole("textbox", { name: "Certifications" });
  await certs.fill("SnowPro Core");
  await certs.press("Enter");

  const pdf = tinyPdf(email);
  await dialog.getByLabel("Resume").setInputFiles({
    name: "asha-resume.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  await expectNoAxeViolations(page, "dialog");

  // The privacy consent is required and never pre-ticked: without it the form says so at the box.
  const consent = dialog.getByRole("checkbox", { name: /I have read the privacy notice/ });
  await expect(consent).not.toBeChecked();
  await submit.click();
  await expect(consent).toBeFocused();
  await expect(dialog.getByText(/Please confirm that you have read the privacy notice/)).toBeVisible();
  await expectNoAxeViolations(page, "dialog");
  await consent.check();

  // (Chromium does not expose a multipart body with a file to the test; the API tests check
  // the joined tags and the stored row field by field.)
  await submit.click();

  await expect(page.getByText("Application Submitted!")).toBeVisible(SERVER);
  await expect(dialog).toBeHidden(SERVER);
  // The button gives way to the confirmation, which says what happens next and has the focus.
  await expect(apply).toHaveCount(0);
  const done = page.getByRole("status").filter({ hasText: "Application Submitted!" });
  await expect(done).toContainText(`A confirmation is on its way to ${email}.`);
  await expect(done).toContainText("Our recruitment team reviews every application");
  expect(await page.evaluate(() => !!document.activeElement?.closest("[role=status]"))).toBe(true);

  // Stored: the resume is in storage, the candidate got a confirmation, and the same
  // application again is refused: the verification token was used up by the first one (a
  // duplicate after a new verification is a 409: tests/api/careers.test.ts).
  expect(storedCopies(pdf)).toBe(1);
  const confirmation = await waitForMail(email, /application/i);
  expect(confirmation.text).toContain("Data Engineer");
  const { jobs } = (await (await page.request.get("/api/jobs")).json()) as {
    jobs: { id: number; job_title: string }[];
  };
  const dataJob = jobs.find((j) => j.job_title === "Data Engineer")!;
  const duplicate = await page.request.post("/api/submit-application", {
    multipart: {
      job_id: String(dataJob.id),
      firstName: "Asha",
      lastName: "Raman",
      email,
      mobile: "+919876543210",
      nativePlace: "12 Lake Road, Chennai",
      gender: "Female",
      totalExperience: "5",
      itExperience: "4.5",
      currentCompany: "Acme Infotech",
      skills: "SQL",
      resume: { name: "again.pdf", mimeType: "application/pdf", buffer: pdf },
    },
  });
  expect(duplicate.status()).toBe(403);
  expect(storedCopies(pdf)).toBe(1);

  // After success the form is reset: a new application (another opening) starts unverified and empty.
  await page
    .getByRole("button", { name: /^Apply Now for / })
    .first()
    .click();
  await expect(dialog.getByLabel("First name")).toHaveValue("");
  await expect(dialog.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("");
  await expect(dialog.getByRole("list", { name: "Skills added" })).toHaveCount(0);
  await expect(submit).toBeDisabled();
  await page.keyboard.press("Escape");
});

test("the server refuses an application whose e-mail was not verified, and voids a code after five wrong tries", async ({
  request,
}, info) => {
  const email = `${unique(info.project.name)}@example.org`;
  const pdf = tinyPdf(email);
  const res = await request.post("/api/submit-application", {
    multipart: {
      firstName: "Mallory",
      lastName: "Direct",
      email,
      mobile: "+919876543210",
      nativePlace: "Nowhere",
      gender: "Other",
      totalExperience: "3",
      itExperience: "3",
      currentCompany: "None",
      noticePeriod: "immediate",
      willingToRelocate: "Yes",
      skills: "Skipping",
      privacyConsent: "yes",
      resume: { name: "r.pdf", mimeType: "application/pdf", buffer: pdf },
    },
  });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: string }).error).toContain("Please verify your email");
  expect(storedCopies(pdf)).toBe(0);

  expect((await request.post("/api/send-email-otp", { data: { email } })).status()).toBe(200);
  const again = await request.post("/api/send-email-otp", { data: { email } });
  expect(again.status()).toBe(429);
  const code = codeIn(await waitForMail(email, /verification code/i));
  const wrong = code === "000000" ? "111111" : "000000";
  for (let i = 0; i < 5; i++) {
    const r = await request.post("/api/verify-email-otp", { data: { email, code: wrong } });
    expect(await r.json()).toEqual({ success: false, error: "Incorrect email OTP" });
  }
  const late = await request.post("/api/verify-email-otp", { data: { email, code } });
  expect(((await late.json()) as { success: boolean }).success).toBe(false);
  expect(readOutbox().filter((m) => m.to.includes(email))).toHaveLength(1);
});
