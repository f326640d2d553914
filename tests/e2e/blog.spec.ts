import { expect, test, type Page } from "@playwright/test";
import { SEED_POSTS } from "../../scripts/seed/seed-data";
import { expectNoAxeViolations } from "./helpers/axe";

// Locally every /api/media request starts a fresh function worker (a CDN serves them in
// production); on a busy machine a page of images can take a minute. These tests are about the
// blog, not image serving (checked once below), so images are answered by the browser itself.
test.beforeEach(async ({ page }, info) => {
  // Function calls start a worker each time locally; on a shared, busy machine they take seconds.
  info.setTimeout(150_000);
  await page.route("**/api/media/**", (route) =>
    route.fulfill({
      contentType: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="100%" height="100%" fill="#13294b"/></svg>',
    }),
  );
});

/** For answers that need a function call or two (seconds each on a busy machine). */
const SLOW = 60_000;

interface ApiPost {
  id: number;
  slug: string;
  title: string;
  author: string;
  category: string;
  image1: string | null;
  image2: string | null;
}

/** Every public post, newest first (other specs add posts of their own while these run). */
async function publicPosts(page: Page): Promise<ApiPost[]> {
  const res = await page.request.get("/api/get-posts");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { posts: ApiPost[] }).posts;
}

const SEED_TITLES = new Set(SEED_POSTS.map((p) => p.title));

/** The demo posts of the seed (plain text, both images), newest first. */
async function seededPosts(page: Page): Promise<ApiPost[]> {
  const posts = (await publicPosts(page)).filter((p) => SEED_TITLES.has(p.title));
  expect(posts.length).toBe(SEED_POSTS.length);
  return posts;
}

/** Brings the comments into view and waits until their island has hydrated. */
async function openComments(page: Page) {
  const section = page.locator("#comments");
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator("astro-island")).not.toHaveAttribute("ssr", /.*/, { timeout: SLOW });
}

test("a card's picture is offered at about the width it is shown, on a phone, a tablet and a laptop", async ({
  browser,
}) => {
  for (const [width, scale, copy] of [
    [390, 3, 1200],
    [900, 1, 720],
    [1280, 2, 720],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: scale });
    const page = await context.newPage();
    await page.goto("/blog");
    const img = page.locator("article.post-card img.banner").first();
    await expect(img).toHaveJSProperty("complete", true);
    const { shown, slot, src } = await img.evaluate((el: HTMLImageElement) => {
      // The width the sizes attribute gives at this screen width, as the browser reads it.
      const parts = el.sizes.split(",").map((p) => p.trim());
      const match = parts.find(
        (p) => !p.startsWith("(") || matchMedia(p.slice(0, p.lastIndexOf(")") + 1)).matches,
      )!;
      const probe = document.createElement("div");
      probe.style.width = match.startsWith("(") ? match.slice(match.lastIndexOf(")") + 1).trim() : match;
      document.body.append(probe);
      const slotWidth = probe.getBoundingClientRect().width;
      probe.remove();
      return { shown: el.getBoundingClientRect().width, slot: slotWidth, src: el.currentSrc };
    });
    expect(shown, `${width} px`).toBeLessThanOrEqual(slot + 1);
    expect(slot / shown, `${width} px: sizes ${slot} px for ${shown} px shown`).toBeLessThan(1.25);
    expect(new URL(src).searchParams.get("w"), `${width} px at ${scale}x`).toBe(String(copy));
    await context.close();
  }
});

test("the blog lists posts with image, title, author - date, excerpt and View More", async ({ page }) => {
  const posts = await publicPosts(page);
  const res = await page.goto("/blog");
  expect(res?.status()).toBe(200);
  const cards = page.locator("article.post-card");
  await expect(cards).toHaveCount(Math.min(10, posts.length));
  const first = cards.first();
  await expect(first.getByRole("heading", { name: posts[0]!.title })).toBeVisible();
  await expect(first.locator("p.meta")).toContainText(`${posts[0]!.author} - `);
  await expect(first.locator("a.more")).toHaveAccessibleName(`View More about ${posts[0]!.title}`);
  // The first card's banner is the page's largest paint: loaded at once; every other banner
  // lazily; all sized. (A post without a picture shows the drawn placeholder instead.)
  const loading = await cards.evaluateAll((els) =>
    els.map((el) => el.querySelector("img.banner")?.getAttribute("loading") ?? null),
  );
  expect(loading[0]).toBe(posts[0]!.image2 ? "eager" : null);
  // Its preview comes in the page, drawn behind the picture from the first paint (the page's
  // policy allows the style that carries it): a WebP as wide as a phone shows the card. So the
  // picture itself need not go first (low priority, still fetched with the page). No other card
  // carries a preview.
  if (posts[0]!.image2) await expect(first.locator("img.banner")).toHaveAttribute("fetchpriority", "low");
  const backgrounds = await cards.evaluateAll((els) =>
    els.map((el) => {
      const img = el.querySelector("img.banner");
      return img ? getComputedStyle(img).backgroundImage : null;
    }),
  );
  if (posts[0]!.image2) {
    const url = /^url\("(data:image\/webp;base64,[A-Za-z0-9+/=]+)"\)/.exec(backgrounds[0] ?? "")?.[1];
    expect(url, "the first card's preview").toBeDefined();
    const width = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return img.naturalWidth;
    }, url!);
    expect(width).toBe(400);
  }
  expect(backgrounds.slice(1).filter((b) => b?.includes("data:"))).toEqual([]);
  expect(loading.slice(1).filter((l) => l !== null)).not.toHaveLength(0);
  expect(loading.slice(1).every((l) => l === null || l === "lazy")).toBe(true);
  // The first card's author picture is in view as well: fetched with the page, not after its
  // layout; the other cards' wait for the scroll.
  const avatars = await cards.evaluateAll((els) =>
    els.map((el) => el.querySelector("img.avatar")?.getAttribute("loading") ?? null),
  );
  expect(avatars[0]).toBe(posts[0]!.image1 ? "eager" : null);
  // Never the largest paint: it waits for the page's other bytes.
  if (posts[0]!.image1) await expect(first.locator("img.avatar")).toHaveAttribute("fetchpriority", "low");
  expect(avatars.slice(1).filter((l) => l !== null)).not.toHaveLength(0);
  expect(avatars.slice(1).every((l) => l === null || l === "lazy")).toBe(true);
  const images = cards.locator("img.banner");
  for (const size of await images.evaluateAll((els) =>
    els.map((el) => [el.getAttribute("width"), el.getAttribute("height")]),
  ))
    expect(size).toEqual(["1200", "630"]);
  // The excerpt is clamped to three lines.
  const excerpt = first.locator(".excerpt");
  const lines = await excerpt.evaluate((el) => {
    const cs = getComputedStyle(el);
    return Math.round(el.getBoundingClientRect().height / parseFloat(cs.lineHeight));
  });
  expect(lines).toBeLessThanOrEqual(3);
  // Sidebar: 4 recent posts, social links, an ad.
  await expect(page.getByRole("region", { name: "Recent Posts" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: /LinkedIn/ }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Advertisement" })).toBeVisible();
});

test("filter by tag with crawlable links; the active tag clears the filter", async ({ page }) => {
  await page.goto("/blog");
  const tags = page.getByRole("navigation", { name: "Filter by tag" });
  await expect(tags.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");
  await tags.getByRole("link", { name: "Containers", exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?tag=Containers$/);
  const chips = page.locator("article.post-card a.tag");
  await expect(chips.first()).toBeVisible();
  for (const text of await chips.allTextContents()) expect(text).toBe("Containers");
  const active = tags.getByRole("link", { name: /^Containers/ });
  await expect(active).toHaveAttribute("aria-current", "true");
  await expect(active).toHaveAttribute("href", "/blog");
  await active.click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator("article.post-card")).not.toHaveCount(0);
  expect(new Set(await chips.allTextContents()).size).toBeGreaterThan(1);
});

test("a page past the end and an unknown tag answer 404 with 'No posts available.'", async ({ page }) => {
  for (const path of ["/blog?page=2", "/blog?tag=Gardening"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByText("No posts available.")).toBeVisible();
  }
});

test("open a post, then move to the previous and the next post", async ({ page }) => {
  const posts = await seededPosts(page);
  await page.goto("/blog");
  await page.getByRole("link", { name: posts[0]!.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${posts[0]!.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(posts[0]!.title);
  await expect(page.locator("article p.meta")).toContainText(`${posts[0]!.author} - `);
  // The byline's picture sits under the title, in view: fetched with the page (the seed's posts
  // all have one).
  await expect(page.locator("article p.meta img.avatar")).toHaveAttribute("loading", "eager");
  // So is the banner above the title; on a phone the text, not the banner, is the largest paint,
  // so both are fetched with the page but after its own bytes.
  await expect(page.locator("article p.meta img.avatar")).toHaveAttribute("fetchpriority", "low");
  await expect(page.locator("article img.banner")).toHaveAttribute("loading", "eager");
  await expect(page.locator("article img.banner")).toHaveAttribute("fetchpriority", "low");
  await page.getByRole("link", { name: /Previous Post/ }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${posts[1]!.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(posts[1]!.title);
  await page.getByRole("link", { name: /Next Post/ }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${posts[0]!.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(posts[0]!.title);
  // The oldest post has no Previous Post (posts other specs add are all newer than the seed's).
  await page.goto(`/blog/${posts.at(-1)!.slug}`);
  await expect(page.getByRole("link", { name: /Next Post/ })).toHaveCount(1);
  await expect(page.getByRole("link", { name: /Previous Post/ })).toHaveCount(0);
});

test("the post page keeps line breaks and carries BlogPosting data", async ({ page }) => {
  const posts = await seededPosts(page);
  const res = await page.goto(`/blog/${posts[0]!.id}`);
  expect(res?.headers()["netlify-cache-tag"]).toBe(`blog,post-${posts[0]!.id}`);
  const content = page.locator("article .content");
  await expect(content).toHaveCSS("white-space", "pre-line");
  expect(await content.evaluate((el) => el.textContent?.includes("\n"))).toBe(true);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld["@type"]).toBe("BlogPosting");
  expect(ld.headline).toBe(posts[0]!.title);
  expect(ld.author.name).toBe(posts[0]!.author);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/api\/media\/public\//,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/blog/${posts[0]!.slug}$`),
  );
});

test("post a comment on a post page and see it appear; the e-mail is never shown", async ({ page }, info) => {
  const posts = await seededPosts(page);
  const post = posts[info.project.name === "phone" ? 2 : 3]!;
  await page.goto(`/blog/${post.id}`);
  await openComments(page);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/add-comment")) sent.push(r.method());
  });

  // Blank fields: nothing is sent, and each field says what is missing.
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expect(page.getByText("Please enter your email.")).toBeVisible();
  await expect(page.getByText("Please enter your comment.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  expect(sent).toEqual([]);

  const text = `Useful write-up (${info.project.name} ${Date.now()})\nSecond line <b>not bold</b>`;
  const email = `reader.${info.project.name}.${Date.now()}@example.org`;
  await page.getByLabel("Name", { exact: true }).fill("Morgan Lee");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Comment", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your comment has been posted" })).toBeVisible({
    timeout: SLOW,
  });
  const list = page.getByRole("region", { name: "Recent Comments" });
  const item = list.getByRole("listitem").filter({ hasText: "Morgan Lee" }).first();
  await expect(item).toContainText("Second line <b>not bold</b>", { timeout: SLOW });
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  expect(sent).toEqual(["POST"]);
  await expect(page.locator("body")).not.toContainText(email);

  // The server-rendered page has it too, still without the e-mail.
  const html = await (await page.request.get(`/blog/${post.id}`)).text();
  expect(html).toContain("Morgan Lee");
  expect(html).not.toContain(email);
  const api = await (await page.request.get(`/api/get-comments/${post.id}`)).text();
  expect(api).toContain("Morgan Lee");
  expect(api).not.toContain(email);
});

test("on /blog the comments follow the chosen post", async ({ page }, info) => {
  const posts = await seededPosts(page);
  await page.goto("/blog");
  await openComments(page);
  const select = page.getByLabel("Show comments for");
  // The newest post is chosen first (other specs may have added newer posts than the seed's).
  const newest = await select.locator("option").first().getAttribute("value");
  expect(newest).toBeTruthy();
  await expect(select).toHaveValue(newest!);
  const target = posts[info.project.name === "phone" ? 4 : 5]!;
  await select.selectOption(String(target.id));
  await expect(page.getByText(`On “${target.title}”`)).toBeVisible();
  await expect(page.getByText("Loading comments…")).toHaveCount(0, { timeout: SLOW });
  const name = `Sam ${info.project.name} ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill("sam@example.org");
  await page.getByLabel("Comment", { exact: true }).fill("Posted from the blog list.");
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByRole("region", { name: "Recent Comments" })).toContainText(name, { timeout: SLOW });
  // It belongs to the chosen post.
  const api = (await (await page.request.get(`/api/get-comments/${target.id}`)).json()) as {
    comments: { name: string }[];
  };
  expect(api.comments.map((c) => c.name)).toContain(name);
});

test("'No post found.' with status 404 for a missing or malformed id", async ({ page }) => {
  for (const path of ["/blog/999999", "/blog/not-a-number"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No post found.");
    await expect(page.getByRole("link", { name: "Browse the blog" })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test("axe finds no violation on /blog, comments included", async ({ page }) => {
  await page.goto("/blog");
  await openComments(page);
  await expectNoAxeViolations(page);
});

test("axe finds no violation on a filtered list", async ({ page }) => {
  await page.goto("/blog?tag=Servers");
  await expectNoAxeViolations(page);
});

test("axe finds no violation on a post page, with the form's error messages showing", async ({ page }) => {
  const posts = await seededPosts(page);
  await page.goto(`/blog/${posts[1]!.id}`);
  await openComments(page);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the seeded posts have banner and author images, served as WebP", async ({ request }) => {
  const all = ((await (await request.get("/api/get-posts")).json()) as { posts: ApiPost[] }).posts;
  const posts = all.filter((p) => SEED_TITLES.has(p.title));
  expect(posts).toHaveLength(SEED_POSTS.length);
  expect(posts.every((p) => p.image1 && p.image2)).toBe(true);
  const res = await request.get(posts[0]!.image2!, { timeout: 90_000 });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/webp");
  expect(res.headers()["cache-control"]).toContain("immutable");
});

test("the RSS feed lists the posts", async ({ request }) => {
  const res = await request.get("/rss.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await res.text();
  expect(xml).toContain("<rss");
  expect((xml.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(8);
});
