/**
 * Publishing a post as an editor does: Markdown with a heading, a list, a link, a table, a code
 * block and an uploaded image; the Preview tab; a schedule four minutes ahead. Until then the post
 * is on no public page (list, tag page, feed, sitemap, API, its own address, its neighbours'
 * links), only on the staff preview; then it appears by itself, at its readable address. The
 * test does not wait for that time: its visitors name their moment (TEST_CLOCK).
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./helpers/axe";
import { loginAs } from "./helpers/staff";

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const CATEGORY = "Networking";

/** Every public place a post can be listed or linked, as text. */
async function publicPages(request: APIRequestContext, newestOther: string) {
  const get = async (path: string) => (await request.get(path)).text();
  return {
    blog: await get("/blog"),
    tag: await get(`/blog?tag=${encodeURIComponent(CATEGORY)}`),
    rss: await get("/rss.xml"),
    sitemap: await get("/sitemap.xml"),
    api: await get("/api/get-posts"),
    apiTag: await get(`/api/get-posts?category=${encodeURIComponent(CATEGORY)}`),
    neighbour: await get(newestOther),
  };
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

test("a scheduled Markdown post stays hidden until its time, then appears by itself", async ({
  page,
  browser,
}, info) => {
  const tag = `${info.project.name}-${Date.now()}`;
  const title = `Segmenting office networks ${tag}`;
  const [newestOther] = (
    (await (await page.request.get("/api/get-posts")).json()) as { posts: { slug: string }[] }
  ).posts;

  await loginAs(page, "admin");
  await page.goto("/dashboard/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Post an article" })).toBeVisible();

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Author").fill("Meera Iyer");
  await page.getByLabel("Category").selectOption(CATEGORY);
  const markdown = [
    "## Why segment",
    "Flat networks let one infected laptop reach **every** server. See [the NIST guide](https://csrc.nist.gov/).",
    "### The steps",
    "- Map the traffic\n- Draw the zones\n- Enforce with ACLs",
    "### A sample policy",
    "| Zone | Reaches |\n|---|---|\n| Guests | Internet only |\n| Staff | Apps |",
    "```bash\nip route show\n```",
    "<script>window.__owned = 1</script>",
    "",
  ].join("\n\n");
  await page.getByLabel("Content").fill(markdown);
  await expect(page.getByText(/\d+ words · 1 min read/)).toBeVisible();

  // An image uploaded from the editor is stored and inserted as Markdown.
  const png = await sharp({
    create: { width: 1400, height: 700, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Insert an image")
    .setInputFiles({ name: "zone-map.png", mimeType: "image/png", buffer: png });
  await expect(page.getByLabel("Content")).toHaveValue(/!\[zone map\]\(\/api\/media\/public\/[\w-]+\.webp\)/);
  const imageUrl = /\((\/api\/media\/public\/[\w-]+\.webp)\)/.exec(
    await page.getByLabel("Content").inputValue(),
  )![1]!;
  const stored = await page.request.get(imageUrl);
  expect(stored.status()).toBe(200);
  expect(stored.headers()["content-type"]).toBe("image/webp");
  // The narrower size comes from the Image CDN (the local server answers it as Netlify does), and
  // an old copy's address leads there.
  const small = await page.request.get(`/.netlify/images?url=${encodeURIComponent(imageUrl)}&w=720`);
  expect(small.status()).toBe(200);
  expect((await sharp(await small.body()).metadata()).width).toBe(720);
  const oldCopy = await page.request.get(imageUrl.replace(".webp", ".w720.webp"));
  expect(oldCopy.url()).toContain("/.netlify/images?url=");
  expect((await sharp(await oldCopy.body()).metadata()).width).toBe(720);
  await screenshot(page, `editor-write-${info.project.name}`);

  // Preview renders with the public page's rules: raw HTML is not rendered.
  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.getByRole("heading", { level: 2, name: "Why segment" })).toBeVisible();
  await expect(preview.getByRole("table")).toBeVisible();
  await expect(preview.locator("pre code.language-bash")).toHaveText(/ip route show/);
  await expect(preview.getByRole("listitem")).toHaveCount(3);
  await expect(preview.getByRole("link", { name: "the NIST guide" })).toHaveAttribute("rel", "noopener");
  await expect(preview.getByRole("img", { name: "zone map" })).toBeVisible();
  expect(await preview.locator("script").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
  await screenshot(page, `editor-preview-${info.project.name}`);
  await expectNoAxeViolations(page);
  await page.getByRole("tab", { name: "Write" }).click();

  // Four minutes ahead (less than a cached page's 5), in the browser's own time zone.
  await page.getByRole("radio", { name: "Scheduled" }).check();
  const at = await page.evaluate(() => {
    const d = new Date(Date.now() + 4 * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
  await page.getByLabel(/Publish at/).fill(at);
  const scheduling = Date.now();
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post added successfully" })).toBeVisible();

  const admin = (await (await page.request.get("/api/admin-posts")).json()) as {
    posts: { id: number; slug: string; title: string; status: string; date: string }[];
  };
  const post = admin.posts.find((p) => p.title === title)!;
  expect(post.status).toBe("scheduled");
  expect(post.slug).toBe(`segmenting-office-networks-${tag.toLowerCase()}`);
  const goLive = new Date(post.date).getTime();
  expect(goLive).toBeGreaterThan(Date.now());
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Scheduled");

  // Hidden from the public everywhere, while the schedule is ahead.
  const anon = await browser.newContext();
  const pages = await publicPages(anon.request, `/blog/${newestOther!.slug}`);
  for (const [where, text] of Object.entries(pages)) expect(text, where).not.toContain(title);
  for (const where of [pages.blog, pages.rss, pages.sitemap, pages.neighbour])
    expect(where).not.toContain(post.slug);
  expect((await anon.request.get(`/blog/${post.slug}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await anon.request.get(`/blog/${post.id}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await anon.request.get(`/api/get-post-detail/${post.id}`)).status()).toBe(404);
  expect((await anon.request.get(`/api/get-comments/${post.id}`)).status()).toBe(404);
  // The preview link works for signed-in staff only.
  expect((await anon.request.get(`/blog/preview/${post.id}`)).status()).toBe(404);
  const staffPreview = await page.goto(`/blog/preview/${post.id}`);
  expect(staffPreview?.status()).toBe(200);
  expect(staffPreview?.headers()["cache-control"]).toContain("no-store");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("scheduled");

  // The CDN keeps a copy of the list, made after the schedule was saved (saving purged the list).
  // That copy must end by the post's time, or the CDN would keep the post hidden past it: the
  // reader below, just after that time, is answered from it if it is still there. The CDN's
  // own directive never reaches the browser, as on Netlify.
  const listed = await anon.request.get("/blog");
  expect(listed.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(listed.headers()["netlify-cdn-cache-control"]).toBeUndefined();
  expect(goLive - scheduling).toBeLessThan(5 * 60_000);

  // Then it appears by itself, with nobody touching it. The test's own clock: each visitor's
  // requests name their moment (TEST_CLOCK, src/server/platform/clock.ts), just before the post's
  // time and just after, instead of waiting for it. "Just after" is 10 s: a cached copy's lifetime
  // is reckoned when the page starts rendering and counted by the CDN from when it gets the page,
  // so on a busy machine a copy may outlive the post's time by a render's length.
  const visitorAt = (ms: number) =>
    browser.newContext({ extraHTTPHeaders: { "x-test-clock": new Date(ms).toISOString() } });
  const before = await visitorAt(goLive - 1_000);
  const justBefore = await publicPages(before.request, `/blog/${newestOther!.slug}`);
  for (const [where, text] of Object.entries(justBefore)) expect(text, where).not.toContain(title);
  expect((await before.request.get(`/blog/${post.slug}`, { maxRedirects: 0 })).status()).toBe(404);
  await before.close();

  const reader = await visitorAt(goLive + 10_000);
  const after = await publicPages(reader.request, `/blog/${newestOther!.slug}`);
  for (const where of ["blog", "tag", "rss", "sitemap", "api", "apiTag"] as const)
    expect(after[where], where).toContain(post.slug);
  expect(after.neighbour).toContain(`href="/blog/${post.slug}"`);
  expect(after.rss).toContain("&lt;h2 id=&quot;why-segment&quot;&gt;Why segment&lt;/h2&gt;");
  expect((await reader.request.get(`/api/get-post-detail/${post.id}`)).status()).toBe(200);
  expect((await reader.request.get(`/api/get-comments/${post.id}`)).status()).toBe(200);
  // For a visitor on the real clock it is still ahead: nothing the reader saw was kept for others.
  expect(await (await anon.request.get("/blog")).text()).not.toContain(title);

  // /blog/<id> answers 301 to the readable address.
  const moved = await reader.request.get(`/blog/${post.id}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()["location"]).toBe(`/blog/${post.slug}`);

  const view = await reader.newPage();
  const res = await view.goto(`/blog/${post.id}`);
  expect(res?.status()).toBe(200);
  await expect(view).toHaveURL(new RegExp(`/blog/${post.slug}$`));
  await expect(view.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/blog/${post.slug}$`),
  );
  const article = view.locator("article.post");
  await expect(article.getByRole("navigation", { name: "Contents" }).getByRole("link")).toHaveCount(3);
  await expect(article.locator("h2#why-segment")).toHaveText("Why segment");
  await expect(article.getByRole("table")).toBeVisible();
  await expect(article.locator("pre code")).toHaveText(/ip route show/);
  await expect(article.getByRole("link", { name: "the NIST guide" })).toHaveAttribute("rel", "noopener");
  // Through the Image CDN, at the article column's widths.
  await expect(article.getByRole("img", { name: "zone map" })).toHaveAttribute(
    "src",
    `/.netlify/images?url=${encodeURIComponent(imageUrl)}&w=1600`,
  );
  expect(await view.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
  await screenshot(view, `post-${info.project.name}`);
  await expectNoAxeViolations(view);
  await reader.close();
  await anon.close();
});

test("unsaved changes survive a closed tab and are offered back", async ({ page }, info) => {
  await loginAs(page, "admin");
  await page.goto("/dashboard/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Post an article" })).toBeVisible();
  const title = `Half-written ${info.project.name} ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("## Notes\n\nStill thinking.");
  // Kept a moment after typing stops: the reload comes once it is kept.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("blog-draft:new") ?? ""))
    .toContain("Still thinking.");
  await page.reload();
  const offer = page.getByRole("region", { name: "Unsaved changes" });
  await expect(offer).toContainText(title);
  await expect(page.getByLabel("Title")).toHaveValue("");
  await offer.getByRole("button", { name: "Restore them" }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Content")).toHaveValue("## Notes\n\nStill thinking.");
  await expect(page.getByText("3 words · 1 min read")).toBeVisible();

  // Discarding forgets it.
  await page.reload();
  await page
    .getByRole("region", { name: "Unsaved changes" })
    .getByRole("button", { name: "Discard" })
    .click();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Post an article" })).toBeVisible();
  await expect(page.getByLabel("Title")).toBeVisible();
  await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
});
