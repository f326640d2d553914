/**
 * Erasure through the deployed configuration: a candidate's resume is in S3; they get a code
 * through SES on /privacy/my-data, see their data with a presigned S3 link to the resume, erase
 * everything, and the object is gone from the bucket (the same signed link now answers 404).
 */
import { expect, test } from "@playwright/test";
import { S3_ORIGIN, codeIn, stamp, tinyPdf, waitForSes } from "./helpers";

test("a candidate erases their data on /privacy/my-data and their resume leaves the S3 bucket", async ({
  page,
}) => {
  const id = stamp();
  const email = `erase.${id}@applicants.test`;
  const { jobs } = (await (await page.request.get("/api/jobs")).json()) as { jobs: { id: number }[] };
  expect((await page.request.post("/api/send-email-otp", { data: { email } })).status()).toBe(200);
  const otp = codeIn(await waitForSes(email, /verification code/i));
  expect((await page.request.post("/api/verify-email-otp", { data: { email, code: otp } })).status()).toBe(
    200,
  );
  const applied = await page.request.post("/api/submit-application", {
    multipart: {
      ...(jobs[0] ? { job_id: String(jobs[0].id) } : {}),
      firstName: "Ada",
      lastName: "Erased",
      email,
      mobile: "+919876543210",
      nativePlace: "1 Shore Road, Chennai",
      gender: "Female",
      totalExperience: "4",
      itExperience: "4",
      currentCompany: "Acme Infotech",
      skills: "Go",
      privacyConsent: "yes",
      resume: { name: "ada.pdf", mimeType: "application/pdf", buffer: tinyPdf(email) },
    },
  });
  expect(applied.status(), await applied.text()).toBeLessThan(300);
  expect((await waitForSes(email, /received your application/i)).body.text).toContain("/privacy/my-data");

  await page.goto("/privacy/my-data");
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  const code = codeIn(await waitForSes(email, /code to see your data/i));
  await page.getByRole("textbox", { name: "Code from the e-mail" }).fill(code);
  await page.getByRole("button", { name: "Show my data" }).click();
  await expect(page.getByRole("heading", { name: `What we hold under ${email}` })).toBeVisible();

  // The resume link of the export is a presigned S3 link: the object is in the bucket.
  const link = page.getByRole("link", { name: /Download resume/ });
  const url = (await link.getAttribute("href"))!;
  expect(url.startsWith(S3_ORIGIN)).toBe(true);
  expect((await page.request.get(url)).status()).toBe(200);

  await page.getByRole("button", { name: "Erase my data" }).click();
  await page.getByRole("button", { name: "Yes, erase everything" }).click();
  await expect(page.getByRole("heading", { name: "Your data was erased" })).toBeVisible();
  // The same signed link, still within its time: the object is gone from the bucket.
  expect((await page.request.get(url)).status()).toBe(404);
});
