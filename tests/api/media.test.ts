import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageCdnUrl, MEDIA_WIDTH, mediaOriginal, mediaVariant } from "../../src/shared/common/media";
import { createApp } from "../../src/server/http/app";
import { newKey, type Storage } from "../../src/server/platform/storage/storage";
import { mediaApi } from "../../src/shared/api/platform";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";

let api: ApiHarness;
let storage: Storage;
beforeAll(async () => {
  api = await apiHarness();
  storage = await createApp(new Request("http://localhost:4321/"), undefined, api.ports).open.storage();
});
afterAll(() => api.close());

/** A stored key's address, /api/media/<key>. */
const media = (key: string, opts: CallOptions = {}) => api.call(mediaApi, { ...opts, params: { "*": key } });

async function webp(width: number, height: number): Promise<Uint8Array> {
  const buf = await sharp({ create: { width, height, channels: 3, background: { r: 8, g: 72, b: 163 } } })
    .webp()
    .toBuffer();
  return new Uint8Array(buf);
}

describe("narrower copies of public images (stored before the Image CDN)", () => {
  it("names a copy beside its WebP original, and only at the widths the site makes", () => {
    const key = "public/0f3458a2-b8c4-4c40-a7f6-8c5ab3838918.webp";
    const copy = mediaVariant(key, MEDIA_WIDTH.banner);
    expect(copy).toBe("public/0f3458a2-b8c4-4c40-a7f6-8c5ab3838918.w720.webp");
    expect(mediaOriginal(copy)).toEqual({ original: key, width: 720 });
    expect(mediaOriginal(`/api/media/${mediaVariant(key, MEDIA_WIDTH.avatar)}`)).toEqual({
      original: `/api/media/${key}`,
      width: 128,
    });
    expect(mediaOriginal(key)).toBeNull();
    // Only WebP images have copies: any other picture stands for itself.
    const png = "/api/media/public/0f3458a2-b8c4-4c40-a7f6-8c5ab3838918.png";
    expect(mediaVariant(png, MEDIA_WIDTH.avatar)).toBe(png);
    expect(mediaOriginal(mediaVariant(key, 999))).toBeNull();
    expect(mediaOriginal("public/0f3458a2-b8c4-4c40-a7f6-8c5ab3838918.w720.png")).toBeNull();
  });

  it("sends a copy never stored to the Image CDN, storing nothing, and serves a stored one", async () => {
    const key = newKey("public", "webp");
    await storage.put(key, await webp(1200, 630), "image/webp");
    const copyKey = mediaVariant(key, MEDIA_WIDTH.banner);

    const res = await media(copyKey);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(imageCdnUrl(`/api/media/${key}`, MEDIA_WIDTH.banner));
    expect(res.headers.get("location")).toBe(
      `/.netlify/images?url=%2Fapi%2Fmedia%2F${key.replace("/", "%2F")}&w=720`,
    );
    expect(await storage.get(copyKey)).toBeNull();

    // A copy stored before the Image CDN made the sizes is served as stored.
    const old = await webp(720, 378);
    await storage.put(copyKey, old, "image/webp");
    const stored = await media(copyKey);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(old);

    // The original is served as it was.
    const original = await media(key);
    expect((await sharp(new Uint8Array(await original.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it("answers 404 for a copy of a missing original or at another width", async () => {
    const key = newKey("public", "webp");
    for (const path of [mediaVariant(key, MEDIA_WIDTH.banner), mediaVariant(key, 999)]) {
      const res = await media(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "No such image." });
    }
    await storage.put(key, await webp(300, 200), "image/webp");
    expect((await media(mediaVariant(key, 999))).status).toBe(404);
  });
});

describe("a picture that cannot be served", () => {
  const IMAGE_ACCEPT = { accept: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8" };
  const file = (name: string) => readFileSync(path.resolve("public/images", name), "utf8");

  it("answers a browser 404 with the placeholder drawing, which it displays, not a broken image", async () => {
    const key = newKey("public", "webp");
    for (const [copy, drawing] of [
      [key, "blog-placeholder.svg"],
      [mediaVariant(key, MEDIA_WIDTH.banner), "blog-placeholder.svg"],
      [mediaVariant(key, MEDIA_WIDTH.avatar), "default-avatar.svg"],
    ] as const) {
      const res = await media(copy, { headers: IMAGE_ACCEPT });
      expect(res.status, copy).toBe(404);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
      expect(res.headers.get("vary")).toContain("Accept");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.text()).toBe(file(drawing));
    }
    const head = await media(key, { method: "HEAD", headers: IMAGE_ACCEPT });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe("");
  });

  it("answers the placeholder when storage fails, too", async () => {
    const failing = {
      ...storage,
      get: () => Promise.reject(new Error("storage unreachable")),
    } as Storage;
    const res = await media(newKey("public", "webp"), { headers: IMAGE_ACCEPT, ports: { storage: failing } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(file("blog-placeholder.svg"));
  });
});
