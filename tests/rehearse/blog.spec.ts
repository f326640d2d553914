/**
 * A blog post with both images, made in the dashboard of the deployed configuration: the images
 * go to S3, the media function serves them to the Image CDN (emulated by Netlify's own code,
 * @netlify/images) which makes the sizes the page shows, the post is on /blog and its own page
 * (the SSR function's on-demand pages), and Netlify's purge API is called for the post's cache tags.
 */
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { purgeCalls, signIn, stamp } from "./helpers";

const png = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function imagesLoad(page: Page, scope: string) {
  const broken = await page
    .locator(`${scope} img`)
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src),
    );
  expect(broken).toEqual([]);
}

test("staff add a post with both images; it is on /blog and its page, and its cache tags are purged", async ({
  page,
}) => {
  const title = `Restore drills that work ${stamp()}`;
  await signIn(page);
  await page.goto("/dashboard/blog");
  await expect(page.getByLabel("Title")).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Author").fill("Kavitha Subramanian");
  await page
    .getByLabel("Profile Image")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png(80, 80, 10) });
  await page
    .getByLabel("Banner Image")
    .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: await png(1600, 500, 200) });
  await page.getByLabel("Category").selectOption("Cloud Computing");
  await page.getByLabel("Content").fill("We restore a copy every quarter.\nThen we time it.");
  await page.getByRole("radio", { name: "Publish now" }).check();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  const { posts } = (await (await page.request.get("/api/get-posts")).json()) as {
    posts: { id: number; title: string; banner_image?: string | null; author_image?: string | null }[];
  };
  const post = posts.find((p) => p.title === title)!;
  expect(post).toBeDefined();

  // The purge API was called with the site's token for the post's tags.
  await expect
    .poll(async () =>
      (await purgeCalls()).some(
        (c) => c.body.cache_tags?.includes(`post-${post.id}`) && c.body.cache_tags.includes("blog"),
      ),
    )
    .toBe(true);
  const call = (await purgeCalls()).find((c) => c.body.cache_tags?.includes(`post-${post.id}`))!;
  expect(call.authorization).toBe(`Bearer ${process.env.REHEARSE_PURGE_TOKEN}`);
  expect(call.body.site_id).toBe(process.env.REHEARSE_SITE_ID);

  // On /blog and on its own page, with both images from storage through the Image CDN.
  const visitor = await page.context().browser()!.newContext();
  const v = await visitor.newPage();
  await v.goto("/blog");
  const link = v.getByRole("link", { name: title, exact: true }).first();
  await expect(link).toBeVisible();
  await v.goto(`/blog/${post.id}`);
  await expect(v.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(v.getByText("We restore a copy every quarter.")).toBeVisible();
  const shown = await v
    .locator("main img")
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.currentSrc || i.src));
  const media = shown.filter((s) => s.includes("/.netlify/images?url=%2Fapi%2Fmedia%2Fpublic%2F"));
  expect(media.length, shown.join("\n")).toBeGreaterThanOrEqual(2);
  expect(shown.filter((s) => s.includes("/api/media/") && !media.includes(s))).toEqual([]);
  for (const src of media) {
    const res = await v.request.get(src);
    expect(res.status(), src).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\//);
    // The size asked for (never more): the CDN made it from the stored original.
    const width = Number(new URL(src).searchParams.get("w"));
    expect((await sharp(await res.body()).metadata()).width).toBeLessThanOrEqual(width);
  }
  await imagesLoad(v, "main");
  await visitor.close();
});
