import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { sendInquiry } from "./helpers/inquiry";
import { codeIn, waitForMail } from "./helpers/outbox";
import { loginAs } from "./helpers/staff";
import { tinyPdf } from "../helpers/tiny-pdf";

// Two applications, an inquiry and a comment, then the whole self-service flow with axe scans.
test.setTimeout(300_000);
const SERVER = { timeout: 30_000 };

const unique = (project: string) => `${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Applies to an opening through the API, as a candidate whose browser verified the address. */
async function apply(page: Page, email: string, jobId: number) {
  expect((await page.request.post("/api/send-email-otp", { data: { email } })).status()).toBe(200);
  const code = codeIn(await waitForMail(email, /verification code/i));
  const verified = await page.request.post("/api/verify-email-otp", { data: { email, code } });
  expect(((await verified.json()) as { success: boolean }).success).toBe(true);
  const res = await page.request.post("/api/submit-application", {
    multipart: {
      job_id: String(jobId),
      firstName: "Priya",
      lastName: "Selvam",
      email,
      mobile: "+919876543210",
      nativePlace: "7 Temple Street, Madurai",
      gender: "Female",
      totalExperience: "6",
      itExperience: "5",
      currentCompany: "Kaveri Systems",
      noticePeriod: "30 Days",
      willingToRelocate: "Yes",
      skills: "Kubernetes, Go",
      privacyConsent: "yes",
      resume: { name: "priya-cv.pdf", mimeType: "application/pdf", buffer: tinyPdf(`${email}-${jobId}`) },
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test("a person sees, downloads, withdraws and erases their data with a mailed code; afterwards no staff list names them", async ({
  page,
}, info) => {
  const email = `${unique(info.project.name)}@kaveri-systems.com`;
  const { jobs } = (await (await page.request.get("/api/jobs")).json()) as { jobs: { id: number }[] };
  // (One application: a second code for the address would wait a minute.)
  await apply(page, email, jobs[0]!.id);
  expect((await sendInquiry(page, { email, fullName: "Priya Selvam" })).status()).toBeLessThan(300);
  const { posts } = (await (await page.request.get("/api/get-posts")).json()) as { posts: { id: number }[] };
  const comment = await page.request.post("/api/add-comment", {
    data: { post_id: posts[0]!.id, name: "Priya", email, comment: "Clear and useful." },
  });
  expect(comment.status()).toBeLessThan(300);

  // The code, from the mail.
  await page.goto("/privacy/my-data");
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await expect(page.locator("astro-island")).not.toHaveAttribute("ssr", /.*/);
  // Questions go to the privacy contact the privacy notice names, not to the careers team.
  const { privacyEmail } = JSON.parse(readFileSync("src/config/company.json", "utf8")) as {
    privacyEmail: string;
  };
  await expect(page.getByRole("link", { name: privacyEmail })).toHaveAttribute(
    "href",
    `mailto:${privacyEmail}`,
  );
  await expectNoAxeViolations(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(/a 6-digit code is on its way/)).toBeVisible(SERVER);
  const code = codeIn(await waitForMail(email, /code to see your data/i));
  await page.getByRole("textbox", { name: "Code from the e-mail" }).fill("000000");
  await page.getByRole("button", { name: "Show my data" }).click();
  await expect(page.getByText(/This code is not right/)).toBeVisible(SERVER);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `test-results/privacy-code-${info.project.name}.png` });
  await page.getByRole("textbox", { name: "Code from the e-mail" }).fill(code);
  await page.getByRole("button", { name: "Show my data" }).click();

  // The data, seen and downloaded.
  await expect(page.getByRole("heading", { name: `What we hold under ${email}` })).toBeVisible(SERVER);
  await expect(page.getByText("1 inquiry, 1 application, 1 comment.")).toBeVisible();
  await expect(page.getByText("Clear and useful.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `test-results/privacy-my-data-${info.project.name}.png`, fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data (JSON)" }).click(),
  ]);
  const data = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
    email: string;
    applications: { id: number; resume: { url: string } | null }[];
    inquiries: unknown[];
    comments: unknown[];
    consents: unknown[];
  };
  expect(data.email).toBe(email);
  expect(data.applications).toHaveLength(1);
  expect(data.inquiries).toHaveLength(1);
  expect(data.comments).toHaveLength(1);
  const application = data.applications[0]!;
  const resumeUrl = application.resume!.url;
  expect((await page.request.get(resumeUrl)).status()).toBe(200);

  // The application withdrawn: its resume is gone at once.
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: `Withdraw application #${application.id}` }).click();
  await expect(
    page.getByText(`Application #${application.id} was withdrawn and its details deleted.`),
  ).toBeVisible(SERVER);
  await expect(page.getByText("1 inquiry, 0 applications, 1 comment.")).toBeVisible();
  expect([404, 410]).toContain((await page.request.get(resumeUrl)).status());

  // Then everything erased.
  await page.getByRole("button", { name: "Erase my data" }).click();
  await page.getByRole("button", { name: "Yes, erase everything" }).click();
  await expect(page.getByRole("heading", { name: "Your data was erased" })).toBeVisible(SERVER);
  await expect(page.getByText("We anonymised 1 inquiry, 0 applications and 1 comment")).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await page.request.get("/api/privacy/my-data")).status()).toBe(401);

  // Afterwards the person is in no staff list, search or export, and the resume is gone.
  await loginAs(page, "root_admin");
  for (const url of [
    "/api/applications?page=1",
    `/api/inquiries?q=${encodeURIComponent(email)}`,
    "/api/inquiries/export",
    `/api/privacy/search?email=${encodeURIComponent(email)}`,
  ]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    const text = await res.text();
    expect(text.replace(`"email":"${email}"`, ""), url).not.toContain(email);
  }
  for (const a of data.applications)
    expect([404, 410]).toContain((await page.request.get(`/api/resume-link/${a.id}`)).status());

  // The audit trail says who erased it in words: the person, by self-service.
  await page.goto("/dashboard/audit");
  await page.getByLabel("What").selectOption("privacy");
  const erased = page
    .getByRole("row")
    .filter({ hasText: "Personal data erased" })
    .filter({ hasText: "the person, by self-service" });
  await expect(erased.first()).toBeVisible(SERVER);
  await expect(page.getByRole("table")).not.toContainText("privacy.erase_self");
  await expect(page.getByRole("table")).not.toContainText("unknown account");
});

test("the root_admin's Privacy screen finds a person, exports and erases them, and shows the housekeeping", async ({
  page,
}, info) => {
  const email = `${unique(info.project.name)}@lakeside-e2e.com`;
  expect((await sendInquiry(page, { email, fullName: "Ravi Lakeside" })).status()).toBeLessThan(300);
  await loginAs(page, "root_admin");
  await page.goto("/dashboard/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible(SERVER);
  await expect(page.getByRole("heading", { name: "Retention rules" })).toBeVisible(SERVER);
  await page.getByRole("searchbox", { name: "E-mail address" }).fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: `What is held under ${email}` })).toBeVisible(SERVER);
  await expect(page.getByText(/Lead #\d+: Ravi Lakeside/)).toBeVisible();
  await expectNoAxeViolations(page, ".dash-content");
  await page.screenshot({ path: `test-results/privacy-dashboard-${info.project.name}.png`, fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  expect(readFileSync((await download.path())!, "utf8")).toContain("Ravi Lakeside");
  await page.getByRole("button", { name: "Erase this person" }).click();
  await page.getByRole("button", { name: "Yes, erase 1 record" }).click();
  await expect(page.getByText(/Erased: 1 lead, 0 applications and 0 comments/)).toBeVisible(SERVER);
  await expect(
    page.getByText(/No webhook receiver had been sent a copy|Asked to delete their copy/),
  ).toBeVisible();
  const after = await page.request.get(`/api/privacy/search?email=${encodeURIComponent(email)}`);
  expect(((await after.json()) as { inquiries: unknown[] }).inquiries).toHaveLength(0);

  // A reader and an admin see no Privacy screen.
  await loginAs(page, "admin");
  expect((await page.request.get("/api/privacy/overview")).status()).toBe(403);
});
