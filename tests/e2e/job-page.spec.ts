import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { scriptSrc } from "./helpers/csp";

/**
 * Each opening's own page: its JobPosting (Google's job results take it from here, never from a
 * list), Apply Now opening the application, the headers of an on-demand page, and its address.
 * (Opening and deleting an opening is in serial/busy-site.spec.ts: it changes what others see.)
 */
interface Job {
  id: number;
  job_title: string;
}

async function firstJob(request: import("@playwright/test").APIRequestContext) {
  const { jobs } = (await (await request.get("/api/jobs")).json()) as { jobs: Job[] };
  const job = jobs.find((j) => j.job_title === "Senior DevOps Engineer (Kubernetes)")!;
  expect(job).toBeTruthy();
  return job;
}

test("an opening's page carries its JobPosting, the headers of an on-demand page, and its address", async ({
  request,
  isMobile,
}) => {
  test.skip(isMobile, "markup and headers do not depend on the device");
  const job = await firstJob(request);
  const path = `/careers/${job.id}-senior-devops-engineer-kubernetes`;

  // Its id alone, or an old slug, leads to the one address.
  for (const other of [`/careers/${job.id}`, `/careers/${job.id}-old-title`]) {
    const moved = await request.get(other, { maxRedirects: 0 });
    expect(moved.status(), other).toBe(301);
    expect(moved.headers().location).toBe(path);
  }

  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["strict-transport-security"]).toContain("max-age=");
  expect(h["netlify-cache-tag"]).toBe(`job-${job.id}`);
  expect(h["cache-control"]).toBe("public, max-age=0, must-revalidate");
  const csp = h["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await res.text();
  expect(scriptSrc(csp, html)).not.toContain("'unsafe-inline'");
  expect(html).toContain(`<link rel="canonical" href="http://localhost:${new URL(res.url()).port}${path}"`);

  const lds = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  const postings = lds.flat().filter((l) => l["@type"] === "JobPosting");
  expect(postings).toHaveLength(1);
  const ld = postings[0]!;
  expect(ld).toMatchObject({
    title: job.job_title,
    employmentType: "FULL_TIME",
    directApply: true,
    hiringOrganization: { "@type": "Organization", name: "Nimbus Cloud Ops" },
    jobLocation: { address: { addressLocality: "Chennai" } },
    identifier: { value: String(job.id) },
  });
  expect(ld.url).toBe(new URL(path, res.url()).toString());
  expect(new Date(String(ld.validThrough)).getTime()).toBeGreaterThan(Date.now());
  expect(String(ld.datePosted)).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // Listed in the sitemap; a missing opening is not there, and its address answers 404.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`${path}</loc>`);
  for (const missing of ["/careers/987654", "/careers/abc", "/careers/0"]) {
    const r = await request.get(missing, { maxRedirects: 0 });
    expect(r.status(), missing).toBe(404);
    expect(await r.text()).not.toContain('"JobPosting"');
  }
});

test("Apply Now on an opening's page opens the application for that opening", async ({ page, request }) => {
  const job = await firstJob(request);
  await page.goto(`/careers/${job.id}`);
  await expect(page.getByRole("heading", { level: 1, name: job.job_title })).toBeVisible();
  await expect(page.getByText("Required experience")).toBeVisible();
  await expectNoAxeViolations(page);
  const apply = page.getByRole("button", { name: `Apply Now for ${job.job_title}` });
  await apply.scrollIntoViewIfNeeded();
  await expect(page.locator(".job-main astro-island")).not.toHaveAttribute("ssr", /.*/);
  await apply.click();
  const dialog = page.getByRole("dialog", { name: "Job Application" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText(job.job_title);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(apply).toBeFocused();
});
