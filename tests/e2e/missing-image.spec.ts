import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { loginAs } from "./helpers/staff";
import { e2eDataDir } from "./helpers/data-dir";

/**
 * A post whose stored pictures have gone missing (a storage restore) never shows a broken image:
 * the Image CDN cannot make them and answers an error, the pictures have no alt text to show, and
 * the banner's placeholder gradients and the avatar's circle stay behind them. Asked directly (an
 * old link), the media endpoint answers the browser with the placeholder drawings.
 */

// At both widths: what is shown in place of a missing picture is the page's own layout.
test("a post whose stored images are missing shows the placeholders", async ({ page }, info) => {
  await loginAs(page, "admin");
  const image = (r: number, w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 90, b: 160 } } })
      .png()
      .toBuffer();
  const res = await page.request.post("/api/add-post", {
    multipart: {
      title: "A post whose pictures went missing",
      author: "Storage Tester",
      category: "Servers",
      content: "Its banner and its author's picture were removed from storage after it was posted.",
      image1: { name: "me.png", mimeType: "image/png", buffer: await image(40, 256, 256) },
      image2: { name: "banner.png", mimeType: "image/png", buffer: await image(200, 1200, 630) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { post } = (await res.json()) as { post: { id: number; image1: string; image2: string } };

  // Every stored copy of both pictures is removed.
  const uuids = [post.image1, post.image2].map((p) => /([0-9a-f-]{36})/.exec(p)![1]!);
  const uploads = path.join(e2eDataDir(), "uploads", "public");
  const removed = readdirSync(uploads).filter((f) => uuids.some((u) => f.startsWith(u)));
  expect(removed.length).toBeGreaterThanOrEqual(2);
  for (const f of removed) rmSync(path.join(uploads, f));

  const cdn: { url: string; status: number }[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/.netlify/images?")) cdn.push({ url: r.url(), status: r.status() });
  });
  await page.goto(`/blog/${post.id}`);
  const banner = page.locator("article img.banner");
  const avatar = page.locator("article img.avatar");
  for (const img of [banner, avatar]) {
    await img.scrollIntoViewIfNeeded();
    // Tried and not drawn: no picture, no alt text, a box of its own size with its background.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 0), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect(img).toHaveAttribute("alt", "");
    const box = (await img.boundingBox())!;
    expect(box.width).toBeGreaterThan(20);
    expect(box.height).toBeGreaterThan(20);
  }
  expect(await banner.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("gradient");
  expect(await avatar.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  await banner.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/screens/missing-images-${info.project.name}.png` });
  expect(cdn.length).toBeGreaterThanOrEqual(2);
  for (const m of cdn) expect(m.status, m.url).toBe(404);

  // An old link straight to the picture: the placeholder drawing, which a browser displays.
  for (const src of [post.image1, post.image2]) {
    const res = await page.request.get(src, {
      headers: { accept: "image/avif,image/webp,image/*,*/*;q=0.8" },
    });
    expect(res.status(), src).toBe(404);
    expect(res.headers()["content-type"], src).toBe("image/svg+xml");
  }
  await page.request.delete(`/api/delete-post/${post.id}`);
});
