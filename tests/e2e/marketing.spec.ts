import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";

// axe on long pages is slow on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

/** Every marketing route of SPEC section 2 with the headings that prove its sections render. */
const PAGES: { path: string; h1: RegExp; sections: (string | RegExp)[] }[] = [
  {
    path: "/",
    h1: /run around the clock/,
    sections: [
      "How We Help",
      "Our Products",
      "Scale Business Agility",
      "Industry Recognized",
      "Case studies",
      "What our clients say",
      "Let's Talk",
      "Nimbus Cloud Ops in numbers",
      "Why Managed Services?",
    ],
  },
  {
    path: "/about",
    h1: /Engineers who keep/,
    sections: [
      "About Us",
      "Vision",
      "Mission",
      "Core Values",
      "Client-Centric Approach",
      "Team Expertise",
      "Security & Compliance",
      "What our clients say",
      "Why Choose Us",
    ],
  },
  {
    path: "/service",
    h1: /^Features of Our Managed Services$/,
    sections: [
      "Cloud Service",
      "Container Management",
      "More services",
      "Choose the cover your business needs",
    ],
  },
  {
    path: "/service/ai",
    h1: /AI Services/,
    sections: ["Container as a Service Platform", "Personalized AI"],
  },
  { path: "/product", h1: /AI products/, sections: ["Our Products", "What every product includes"] },
  { path: "/case-studies", h1: /^Results we delivered for US businesses$/, sections: ["Let's Talk"] },
  {
    path: "/case-studies/healthcare-network-cloud-operations",
    h1: /regional healthcare network cuts its AWS bill/,
    sections: ["The results", "The challenge", "What we did", "Services used"],
  },
  {
    path: "/poppage",
    h1: /Get started/,
    sections: ["From first call to running service", "Pick a starting point"],
  },
];

/** The eight service pages: route, h1, and the hero button label SPEC asks for. */
const SERVICES: { path: string; h1: string; button: "Get Started" | "Contact Us" }[] = [
  { path: "/managed-cloud-services", h1: "Cloud Managed Services", button: "Get Started" },
  { path: "/managed-container-service", h1: "Managed Container Orchestration", button: "Get Started" },
  { path: "/data-warehousing", h1: "Data Warehousing Solutions", button: "Get Started" },
  { path: "/microservice-development", h1: "Microservice Development", button: "Get Started" },
  { path: "/outsourcing", h1: "Resource Outsourcing", button: "Contact Us" },
  { path: "/l1-support", h1: "24/7 L1 Support", button: "Contact Us" },
  { path: "/AI-powered-container-platform", h1: "AI-Powered Container Platform", button: "Get Started" },
  { path: "/dedicated-AI", h1: "Dedicated AI Solutions", button: "Get Started" },
];

async function collectScripts(page: Page) {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" || /\.m?js(\?|$)/.test(r.url())) scripts.push(r.url());
  });
  return scripts;
}

for (const p of PAGES) {
  test(`${p.path} answers 200 with its sections and no axe violation`, async ({ page }) => {
    const res = await page.goto(p.path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
    for (const s of p.sections)
      await expect(page.getByRole("heading", { name: s, exact: true })).toHaveCount(1);
    await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()}`);
    // One copyright line on the page: the footer's.
    await expect(page.getByText("©")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}

for (const s of SERVICES) {
  test(`${s.path} has hero, carousel area, benefits, features and trust in order @layout`, async ({
    page,
  }) => {
    const res = await page.goto(s.path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.h1);
    const main = page.locator("main");
    const intro = main.getByRole("heading", { name: "Introduction", exact: true });
    await expect(intro).toBeVisible();
    const button = main.getByRole("link", { name: s.button, exact: true });
    await expect(button).toHaveAttribute("href", "/contact");
    // Section order: Introduction, carousel area, benefits, features, trust.
    // Text content, not innerText: sections below the first screen are not laid out yet.
    const order = await main.locator("h2").allTextContents();
    const at = (t: string) => order.findIndex((h) => h.trim() === t);
    expect(at("Introduction")).toBe(0);
    const benefits = at("Benefits of Our Cloud Managed Services");
    const features = at("Distinctive features");
    expect(benefits).toBeGreaterThan(1);
    expect(features).toBeGreaterThan(benefits);
    expect(order.length - 1).toBeGreaterThan(features);
    await expect(main.locator(".areas__panel")).toHaveCount(2);
    await expect(main.locator(".benefits li")).toHaveCount(5);
    // Beside the text (from 1024 px) the reasons scroll within 680 px (SPEC); on a phone they
    // are part of the page, not a scroll box within it.
    const wide = (page.viewportSize()?.width ?? 0) >= 1024;
    const list = main.locator(".trust__list");
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe(wide ? "680px" : "none");
    expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe(wide ? "auto" : "visible");
    // One copyright line on the page: the footer's, none above it in the trust section.
    await expect(page.getByText("©")).toHaveCount(1);
    await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()}`);
    await expectNoAxeViolations(page);
  });
}

test("the hero button leads to the contact page address", async ({ page }) => {
  await page.goto("/outsourcing");
  const href = await page
    .locator("main")
    .getByRole("link", { name: "Contact Us", exact: true })
    .getAttribute("href");
  expect(href).toBe("/contact");
});

test("home Read More buttons go to each service page", async ({ page }) => {
  await page.goto("/");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "How We Help" }) });
  const links = section.getByRole("link", { name: /^Read More/ });
  await expect(links).toHaveCount(6);
  const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
  expect(hrefs).toEqual(SERVICES.slice(0, 6).map((s) => s.path));
  await links.nth(3).click();
  await expect(page).toHaveURL(/\/microservice-development$/);
});

for (const path of ["/", "/about", "/product", "/privacy"]) {
  test(`${path} ships no JavaScript`, async ({ page }) => {
    const scripts = await collectScripts(page);
    await page.goto(path, { waitUntil: "networkidle" });
    await page.mouse.wheel(0, 4000);
    // Wait for the scroll itself, then for two frames: a lazy island would start from an
    // IntersectionObserver callback, which the rendering step after the scroll delivers, and its
    // script request would be recorded by then.
    await page.waitForFunction(() => window.scrollY > 0);
    await page.evaluate(
      () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );
    expect(scripts).toEqual([]);
    expect(await page.locator("script[src], script[type=module], astro-island").count()).toBe(0);
  });
}

test("a service page loads its island only when the carousel scrolls into view @layout", async ({ page }) => {
  const scripts = await collectScripts(page);
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/data-warehousing", { waitUntil: "networkidle" });
  const before = scripts.filter((s) => /ServiceCarousels|client\.|react/.test(s));
  expect(before).toEqual([]);
  await page.locator(".areas").scrollIntoViewIfNeeded();
  await expect(page.locator(".areas[data-ready]")).toHaveCount(1);
  expect(scripts.some((s) => /ServiceCarousels/.test(s))).toBe(true);
});

test("/about keeps the header fixed to the top; other pages do not @layout", async ({ page }) => {
  await page.goto("/about");
  expect(await page.locator(".site-header").evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
  await page.mouse.wheel(0, 1500);
  await expect(page.locator(".site-header")).toBeInViewport();
  await page.goto("/product");
  expect(await page.locator(".site-header").evaluate((el) => getComputedStyle(el).position)).not.toBe(
    "fixed",
  );
});

test("the scrolling banner's Pause is a toggle button whose pause lasts the visit (WCAG 2.2.2) @layout", async ({
  page,
}) => {
  await page.goto("/");
  const track = page.locator(".banner__track");
  const state = () => track.evaluate((el) => getComputedStyle(el).animationPlayState);
  await page.mouse.move(600, 600); // away from the banner: hovering it pauses it too
  expect(await state()).toBe("running");
  await expect(page.getByRole("checkbox", { name: "Pause the scrolling message" })).toHaveCount(0);
  const pause = page.getByRole("button", { name: "Pause the scrolling message" });
  await expect(pause).toHaveAttribute("aria-pressed", "false");
  await pause.click();
  await expect(pause).toHaveAttribute("aria-pressed", "true");
  await page.mouse.move(600, 600);
  await page.locator("main").focus(); // and away from the focus: it stays paused
  expect(await state()).toBe("paused");
  // The next page starts paused.
  await page.goto("/about");
  await expect(pause).toHaveAttribute("aria-pressed", "true");
  await page.mouse.move(600, 600);
  expect(await state()).toBe("paused");
  await pause.click();
  await expect(pause).toHaveAttribute("aria-pressed", "false");
  await page.locator("main").focus();
  await page.mouse.move(600, 600);
  expect(await state()).toBe("running");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the scrolling banner can be paused with a checkbox @layout", async ({ page }) => {
    await page.goto("/");
    const track = page.locator(".banner__track");
    const state = () => track.evaluate((el) => getComputedStyle(el).animationPlayState);
    await page.mouse.move(600, 600);
    expect(await state()).toBe("running");
    await expect(page.getByRole("button", { name: "Pause the scrolling message" })).toHaveCount(0);
    const pause = page.getByRole("checkbox", { name: "Pause the scrolling message" });
    await pause.check();
    await page.mouse.move(600, 600);
    await page.locator("main").focus();
    expect(await state()).toBe("paused");
    await pause.uncheck();
    await page.locator("main").focus();
    await page.mouse.move(600, 600);
    expect(await state()).toBe("running");
  });
});

test("the header is opaque: scrolled text does not show through it @layout", async ({ page }) => {
  await page.goto("/");
  const bg = await page.locator(".site-header").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).toBe("rgb(255, 255, 255)");
});

test("the scrolling banner shows its message from the first frame, before the Pause control @layout", async ({
  page,
}) => {
  await page.goto("/");
  // Read at once: the words move slowly enough that the first message is still in its first place.
  const [first, pause, width] = await page.evaluate(() => {
    const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
    return [box(".banner__track span"), box(".banner__pause"), window.innerWidth] as const;
  });
  expect(first.x, "the message starts at the left, not off-screen to the right").toBeLessThan(width / 4);
  expect(first.x + first.width).toBeGreaterThan(0);
  expect(first.x, "it begins in view").toBeGreaterThan(-first.width / 2);
  expect(first.x).toBeLessThan(pause.x);
});

test("the phone number stays in view in the header, a tel: link that does not move with the banner @layout", async ({
  page,
}) => {
  for (const path of ["/", "/about", "/contact"]) {
    await page.goto(path);
    const phone = page.locator("header a.bar-phone");
    await expect(phone).toBeVisible();
    await expect(phone).toBeInViewport({ ratio: 1 });
    await expect(phone).toHaveAttribute("href", /^tel:\+\d+$/);
    await expect(phone).toHaveAccessibleName(/^Call us: \+[\d ()-]+$/);
    // Not inside the moving track, and nothing animates it or its boxes.
    expect(
      await phone.evaluate(
        (el) => !el.closest(".banner__track") && el.getAnimations({ subtree: false }).length === 0,
      ),
    ).toBe(true);
    // Nothing covers it: the point at its centre is the link (or its own parts).
    expect(
      await phone.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!top && el.contains(top);
      }),
    ).toBe(true);
  }
});

test("the active navigation entry follows the path @layout", async ({ page }) => {
  await page.goto("/product");
  const current = page.locator('header a[aria-current="page"]');
  await expect(current.first()).toHaveText(/product/i);
  await page.goto("/");
  await expect(current.first()).toHaveText(/home/i);
});

test("every page has a unique title and description, an absolute canonical URL and social tags", async ({
  request,
  baseURL,
}) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  const paths = [...PAGES.map((p) => p.path), ...SERVICES.map((s) => s.path)];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
    expect(title, path).toBeTruthy();
    expect(description, path).toBeTruthy();
    titles.add(title!);
    descriptions.add(description!);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${path === "/" ? "/" : path}"`);
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/og-image.png"`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain('<link rel="icon" href="/favicon.png" type="image/png" sizes="48x48">');
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
  const home = await (await request.get("/")).text();
  const ld = JSON.parse(home.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)![1]!);
  expect(ld["@type"]).toBe("Organization");
  expect(ld.url).toBe(`${baseURL}/`);
  const og = await request.get("/og-image.png");
  expect(og.headers()["content-type"]).toContain("image/png");
  // The tab icon: a 48×48 PNG (the IHDR chunk's width and height), drawn from the SVG mark.
  const icon = await request.get("/favicon.png");
  expect(icon.headers()["content-type"]).toContain("image/png");
  const png = await icon.body();
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([48, 48]);
});

test("robots.txt, sitemap.xml and config.json", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const txt = await robots.text();
  for (const p of ["/admin", "/dashboard", "/api"]) expect(txt).toMatch(new RegExp(`^Disallow: ${p}$`, "m"));
  expect(txt).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const p of [...PAGES, ...SERVICES].map((x) => x.path))
    expect(xml).toContain(`<loc>${baseURL}${p === "/" ? "/" : p}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/careers</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/contact</loc>`);
  const { posts } = (await (await request.get("/api/get-posts")).json()) as { posts: { slug: string }[] };
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) expect(xml).toContain(`<loc>${baseURL}/blog/${post.slug}</loc><lastmod>`);
  expect(xml).not.toMatch(/\/(admin|dashboard|api)/);

  const config = await request.get("/config.json");
  expect(config.status()).toBe(200);
  // The e2e server is built without GOOGLE_TAG_ID, so no tag and no loader script.
  expect(await config.json()).toEqual({ googleTagId: null });
  expect(await (await request.get("/")).text()).not.toContain("googletagmanager");
});

test("the startup certificate is a real PDF linked from home", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: /certificate/i }).first()).toHaveAttribute(
    "href",
    "/images/startup.pdf",
  );
  const pdf = await request.get("/images/startup.pdf");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  expect(body.toString("latin1")).toContain("%%EOF");
});

test("no prices anywhere on the marketing pages", async ({ request }) => {
  for (const path of [...PAGES, ...SERVICES].map((x) => x.path)) {
    const html = await (await request.get(path)).text();
    const text = html.replace(/<[^>]+>/g, " ");
    expect(text, path).not.toMatch(/\$\s?\d|USD|per month|\/mo\b/);
  }
});
