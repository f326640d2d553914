import { expect, test } from "@playwright/test";

/** Case studies: listed, linked from home and from the service pages they used, marked as examples. */

const STUDY = "/case-studies/healthcare-network-cloud-operations";

test("the list links every study, each card marked Example; the page carries Article JSON-LD", async ({
  page,
}) => {
  await page.goto("/case-studies");
  const cards = page.locator("main .study");
  // The three seeded studies, each marked Example (an editor's spec may publish one of its own
  // meanwhile, which is not an example).
  await expect(cards.filter({ has: page.getByText("Example", { exact: true }) })).toHaveCount(3);
  await cards.filter({ hasText: "Healthcare" }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${STUDY}$`));
  await expect(page.locator("main").getByText("Example", { exact: true })).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld["@type"]).toBe("Article");
  expect(ld.headline).toMatch(/healthcare network/);
  expect(ld.datePublished).toBe("2025-03-18");
  expect(ld.mainEntityOfPage).toMatch(new RegExp(`${STUDY}$`));
  // Its services link to their pages.
  const services = page
    .getByRole("complementary", { name: "Services used" })
    .getByRole("listitem")
    .getByRole("link");
  expect(await services.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
    "/managed-cloud-services",
    "/l1-support",
  ]);
});

test("the home page links the case studies and shows testimonials, logos and partner badges as examples", async ({
  page,
}) => {
  await page.goto("/");
  const studies = page.locator("section", {
    has: page.getByRole("heading", { name: "Case studies", exact: true }),
  });
  await expect(studies.locator(".study")).toHaveCount(3);
  await expect(studies.getByRole("link", { name: "All case studies" })).toHaveAttribute(
    "href",
    "/case-studies",
  );
  const proof = page.locator("section", { has: page.getByRole("heading", { name: "What our clients say" }) });
  // The three seeded testimonials (an editor's spec may publish one of its own meanwhile).
  expect(await proof.locator("blockquote").count()).toBeGreaterThanOrEqual(3);
  await expect(proof.getByRole("list", { name: "Trusted by teams at" }).getByRole("listitem")).toHaveCount(6);
  const partners = proof.getByRole("list", { name: "Cloud partner programmes" });
  await expect(partners).toContainText("AWS");
  await expect(partners).toContainText("Microsoft Azure");
  await expect(partners).toContainText("Google Cloud");
  // 3 testimonials + 6 logos + 3 partner badges, each visibly an example.
  await expect(proof.getByText("Example", { exact: true })).toHaveCount(12);
});

test("a service page links the case studies that used it, and only those", async ({ page }) => {
  await page.goto("/data-warehousing");
  const links = page.locator("main .refs a");
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
    "/case-studies/retailer-data-warehouse",
  ]);
  await page.goto("/dedicated-AI");
  await expect(page.locator("main .refs")).toHaveCount(0);
});

test("the sitemap lists the case studies", async ({ request, baseURL }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain(`<loc>${baseURL}/case-studies</loc>`);
  expect(xml).toContain(`<loc>${baseURL}${STUDY}</loc><lastmod>2025-03-18`);
});

test("no prices on the case study pages (SPEC: no prices anywhere)", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>[^<]*?(\/case-studies[^<]*)<\/loc>/g)].map((m) => m[1]!);
  // The list and the three seeded studies; an editor's spec may publish one of its own meanwhile.
  expect(paths.length).toBeGreaterThanOrEqual(4);
  for (const path of paths) {
    const text = (await (await request.get(path)).text()).replace(/<[^>]+>/g, " ");
    expect(text, path).not.toMatch(/\$\s?\d|USD|per month|\/mo\b/);
  }
});
