import { expect, type Page } from "@playwright/test";
import { codeIn, waitForMail } from "./outbox";
import { tinyPdf } from "../../helpers/tiny-pdf";
export { tinyPdf } from "../../helpers/tiny-pdf";

export const uniqueTag = (project: string) => `${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/**
 * A candidate of the test's own: verifies the e-mail and applies from inside the page (the
 * verification cookie is the browser's), as the application form does. Returns the name shown
 * in the dashboard.
 */
export async function applyAs(page: Page, jobId: number, first: string, last: string, email: string) {
  if (!page.url().startsWith("http")) await page.goto("/about");
  const post = (path: string, body: unknown) =>
    page.evaluate(
      async ([p, b]) => {
        const r = await fetch(p as string, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(b),
        });
        return { status: r.status, body: (await r.json()) as unknown };
      },
      [path, body] as const,
    );
  expect((await post("/api/send-email-otp", { email })).status).toBe(200);
  const code = codeIn(await waitForMail(email, /verification code/i));
  expect((await post("/api/verify-email-otp", { email, code })).body).toMatchObject({ success: true });
  const pdf = tinyPdf(email).toString("latin1");
  const status = await page.evaluate(
    async ([job, f, l, e, bytes]) => {
      const data = new FormData();
      const fields: Record<string, string> = {
        job_id: job,
        firstName: f,
        lastName: l,
        email: e,
        mobile: "+919876543210",
        nativePlace: "12 Lake Road, Chennai",
        gender: "Other",
        totalExperience: "4",
        itExperience: "4",
        currentCompany: "Acme Infotech",
        noticePeriod: "immediate",
        willingToRelocate: "Yes",
        skills: "SQL",
        privacyConsent: "yes",
      };
      for (const [k, v] of Object.entries(fields)) data.append(k, v);
      const buf = Uint8Array.from(bytes, (c) => c.charCodeAt(0));
      data.append("resume", new File([buf], "resume.pdf", { type: "application/pdf" }));
      return (await fetch("/api/submit-application", { method: "POST", body: data })).status;
    },
    [String(jobId), first, last, email, pdf] as const,
  );
  expect(status).toBeLessThan(300);
  return `${first} ${last}`;
}
