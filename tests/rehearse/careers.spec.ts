/**
 * A job application through the deployed configuration: staff publish an opening in the
 * dashboard; a candidate gets the verification code and the confirmation through SES, the
 * resume goes to S3, and staff download it from the candidates screen (a presigned S3 link).
 */
import { expect, test } from "@playwright/test";
import { S3_ORIGIN, signIn, stamp, tinyPdf, waitForSes, codeIn } from "./helpers";

test("staff publish an opening; a candidate verifies by mailed code, applies with a resume; staff download it", async ({
  page,
  browser,
}) => {
  const id = stamp();
  const title = `Site Reliability Engineer ${id}`;
  await signIn(page);
  await page.goto("/dashboard/candidates#jobs");
  await expect(page.getByRole("heading", { name: /^Job posts/ })).toBeVisible();
  await page.getByLabel("Job title").fill(title);
  await page.getByLabel("Required experience (years)").fill("3");
  await page.getByLabel("Skills (optional)").fill("Kubernetes, Terraform");
  await page.getByLabel("Description").fill("Keep our customers' platforms up.");
  await page.getByRole("button", { name: "Add Job Post" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Job post added successfully" })).toBeVisible();

  // The candidate, in a browser of their own.
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  const email = `candidate.${id}@applicants.test`;
  await v.goto("/careers");
  const apply = v.getByRole("button", { name: `Apply Now for ${title}` });
  await v.locator("#openings").scrollIntoViewIfNeeded();
  await expect(v.locator("#openings astro-island")).not.toHaveAttribute("ssr", /.*/);
  await apply.scrollIntoViewIfNeeded();
  await apply.click();
  const dialog = v.getByRole("dialog", { name: "Job Application" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First name").fill("Linus");
  await dialog.getByLabel("Last name").fill("Pauling");
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Send OTP" }).click();
  await expect(dialog.getByText("OTP sent to your email.")).toBeVisible();
  const code = codeIn(await waitForSes(email, /verification code/i));
  await dialog.getByLabel("Email OTP").fill(code);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByText("Email verified!")).toBeVisible();
  await dialog.getByLabel("Mobile number").fill("98765 43210");
  await dialog.getByLabel("Address").fill("7 Beach Road, Chennai");
  await dialog.getByRole("radio", { name: "Male", exact: true }).check();
  await dialog.getByLabel("Total experience (years)").fill("6");
  await dialog.getByLabel("IT experience (years)").fill("6");
  await dialog.getByLabel("Current company").fill("Acme Infotech");
  const skills = dialog.getByRole("textbox", { name: "Skills" });
  await skills.fill("Kubernetes");
  await skills.press("Enter");
  const pdf = tinyPdf(email);
  await dialog
    .getByLabel("Resume")
    .setInputFiles({ name: "linus-resume.pdf", mimeType: "application/pdf", buffer: pdf });
  await dialog.getByRole("checkbox", { name: /I have read the privacy notice/ }).check();
  await dialog.getByRole("button", { name: "Submit application" }).click();
  await expect(v.getByText("Application Submitted!")).toBeVisible();
  const confirmation = await waitForSes(email, /application/i);
  expect(confirmation.body.text).toContain(title);
  await visitor.close();

  // Staff open the candidate's resume: it comes from S3 through a presigned link.
  await page.getByRole("tab", { name: "Candidates" }).click();
  const name = "Linus Pauling";
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toBeVisible();
  // A PDF opens in a new tab of the browser (not a download) straight from the bucket.
  const [opened] = await Promise.all([
    page
      .context()
      .waitForEvent("response", (r) => r.url().startsWith(S3_ORIGIN) && r.url().includes("X-Amz-Signature=")),
    row.getByRole("link", { name: `View PDF resume of ${name}` }).click(),
  ]);
  const h = await opened.allHeaders();
  expect(h["content-type"]).toBe("application/pdf");
  expect(h["content-disposition"]).toMatch(/^inline;/);
  // (The browser hands its PDF viewer the bytes: read them again from the same signed link.)
  const bytes = await (await page.request.get(opened.url())).body();
  expect(Buffer.from(bytes).equals(pdf)).toBe(true);
});
