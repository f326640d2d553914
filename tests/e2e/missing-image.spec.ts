import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { loginAs } from "./helpers/staff";

/**
 * A post whose stored pictures have gone missing (a failed copy, a storage restore) shows the
 * placeholder drawings, never a broken image: the media endpoint answers the browser with them.
 */
test.skip(({ isMobile }) => isMobile, "the same answer at every width");

const uploads = path.join(process.env.E2E_DATA_DIR ?? ".data-e2e", "uploads", "public");

test("a post whose stored images are missing shows the placeholders", async ({ page }) => {
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
  const removed = readdirSync(uploads).filter((f) => uuids.some((u) => f.startsWith(u)));
  expect(removed.length).toBeGreaterThanOrEqual(2);
  for (const f of removed) rmSync(path.join(uploads, f));

  const media: { url: string; status: number; type: string }[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/api/media/"))
      media.push({ url: r.url(), status: r.status(), type: r.headers()["content-type"] ?? "" });
  });
  await page.goto(`/blog/${post.id}`);
  const banner = page.locator("article img.banner");
  const avatar = page.locator("article img.avatar");
  for (const img of [banner, avatar]) {
    await img.scrollIntoViewIfNeeded();
    // Loaded and drawn: a broken image has no natural size.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
        timeout: 20_000,
      })
      .toBe(true);
  }
  expect(media.length).toBeGreaterThanOrEqual(2);
  for (const m of media) {
    expect(m.status, m.url).toBe(404);
    expect(m.type, m.url).toBe("image/svg+xml");
  }
  await page.request.delete(`/api/delete-post/${post.id}`);
});
