import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bannerPreview,
  PREVIEW_MAX_BYTES,
  PREVIEW_WIDTHS,
  previewMissingBanners,
} from "../../src/server/blog/banner-preview";
import { storedBannerPreview } from "../../src/server/blog/posts";
import { MIGRATIONS_DIR } from "../../src/server/platform/db/migrate";
import { newKey, type Storage } from "../../src/server/platform/storage/storage";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { bannerSvg, svgToWebp } from "../../scripts/seed/seed-images";
import { insertPost } from "../helpers/dashboard-fixtures";
import { pgliteDb, type TestDb } from "../helpers/db";

const decoded = (base64: string) => sharp(Buffer.from(base64, "base64")).metadata();

/**
 * A photograph's worth of detail: coloured noise in 4 px blocks (1200 x 630 WebP), fine enough to
 * stay detailed at a preview's width (finer noise averages out to grey when scaled down).
 */
async function detailedPicture(): Promise<Uint8Array> {
  const { width, height } = { width: 300, height: 158 };
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 23;
  }
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .resize(1200, 630, { kernel: "nearest" })
      .webp({ quality: 80 })
      .toBuffer(),
  );
}

describe("bannerPreview", () => {
  it("keeps a drawn banner at 400 px, as wide as a phone shows a card's picture, within the byte limit", async () => {
    const preview = await bannerPreview(await svgToWebp(bannerSvg("Cloud Computing", 0)));
    const meta = await decoded(preview);
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(PREVIEW_WIDTHS[0]);
    expect(meta.height).toBe(Math.round((400 * 630) / 1200));
    expect(Buffer.from(preview, "base64").length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
  });

  it("narrows a detailed picture until it fits the byte limit", async () => {
    const preview = await bannerPreview(await detailedPicture());
    const meta = await decoded(preview);
    expect(meta.width).toBeLessThan(PREVIEW_WIDTHS[0]);
    expect(Buffer.from(preview, "base64").length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
  });

  it("never enlarges a narrow banner", async () => {
    const small = new Uint8Array(
      await sharp({ create: { width: 200, height: 105, channels: 3, background: "#0b5fd4" } })
        .webp()
        .toBuffer(),
    );
    expect((await decoded(await bannerPreview(small))).width).toBe(200);
  });

  it("throws on bytes that are not a WebP picture", async () => {
    await expect(bannerPreview(new TextEncoder().encode("not a picture"))).rejects.toThrow();
  });
});

describe("previewMissingBanners", () => {
  let t: TestDb;
  let storage: Storage;
  const reads: string[] = [];
  beforeAll(async () => {
    t = await pgliteDb();
    const local = createLocalStorage(mkdtempSync(path.join(os.tmpdir(), "nimbus-preview-")), "s");
    storage = {
      ...local,
      get: async (key) => {
        reads.push(key);
        return local.get(key);
      },
    };
  }, 60_000);
  afterAll(async () => t.close());

  it("makes the missing previews once, marks an unreadable banner, and leaves posts without one", async () => {
    const key = newKey("public", "webp");
    await storage.put(key, await svgToWebp(bannerSvg("Networking", 1)), "image/webp");
    const withBanner = await insertPost(t.db, { image2: key });
    const gone = await insertPost(t.db, { image2: newKey("public", "webp") });
    const notAPicture = newKey("public", "webp");
    await storage.put(notAPicture, new TextEncoder().encode("text"), "image/webp");
    const broken = await insertPost(t.db, { image2: notAPicture });
    const without = await insertPost(t.db);

    expect(await previewMissingBanners(t.db, storage)).toEqual({ made: 1, missing: 1 });
    const rows = await t.db.query<{ id: number; image2_preview: string | null }>(
      "SELECT id, image2_preview FROM posts WHERE id = ANY($1) ORDER BY id",
      [[withBanner, gone, broken, without]],
    );
    const byId = new Map(rows.map((r) => [r.id, r.image2_preview]));
    expect((await decoded(byId.get(withBanner)!)).width).toBe(PREVIEW_WIDTHS[0]);
    // Not in this storage: left for a run that sees the site's storage.
    expect(byId.get(gone)).toBeNull();
    expect(byId.get(broken)).toBe("");
    expect(byId.get(without)).toBeNull();

    expect(await storedBannerPreview({ db: t.db }, withBanner)).toBe(byId.get(withBanner));
    for (const id of [gone, broken, without]) expect(await storedBannerPreview({ db: t.db }, id)).toBeNull();

    // At the next start only the banner not found is looked for again; once it is there, it is done.
    reads.length = 0;
    expect(await previewMissingBanners(t.db, storage)).toEqual({ made: 0, missing: 1 });
    const goneKey = (
      await t.db.query<{ image2: string }>("SELECT image2 FROM posts WHERE id = $1", [gone])
    )[0]!.image2;
    expect(reads).toEqual([goneKey]);
    await storage.put(goneKey, await svgToWebp(bannerSvg("Servers", 2)), "image/webp");
    expect(await previewMissingBanners(t.db, storage)).toEqual({ made: 1, missing: 0 });
    expect(await storedBannerPreview({ db: t.db }, gone)).not.toBeNull();
  });

  it("makes again, smaller, the previews of the earlier limit (db/023) and keeps those within it", async () => {
    const key = newKey("public", "webp");
    await storage.put(key, await svgToWebp(bannerSvg("Containers", 3)), "image/webp");
    // A preview as the earlier limit made them: 400 px at quality 20, 1.5-1.8 kB.
    const earlier = Buffer.from(
      await sharp(await svgToWebp(bannerSvg("Containers", 3)))
        .resize(400)
        .webp({ quality: 20 })
        .toBuffer(),
    ).toString("base64");
    expect(Buffer.from(earlier, "base64").length).toBeGreaterThan(PREVIEW_MAX_BYTES);
    const old = await insertPost(t.db, { image2: key });
    const within = await insertPost(t.db, { image2: key });
    await t.db.query("UPDATE posts SET image2_preview = $2 WHERE id = $1", [old, earlier]);
    const small = await bannerPreview(await svgToWebp(bannerSvg("Containers", 3)));
    await t.db.query("UPDATE posts SET image2_preview = $2 WHERE id = $1", [within, small]);

    await t.db.exec(readFileSync(path.join(MIGRATIONS_DIR, "023_post_banner_preview_smaller.sql"), "utf8"));
    expect(await storedBannerPreview({ db: t.db }, old)).toBeNull();
    expect(await storedBannerPreview({ db: t.db }, within)).toBe(small);

    expect(await previewMissingBanners(t.db, storage)).toMatchObject({ made: 1 });
    const remade = (await storedBannerPreview({ db: t.db }, old))!;
    expect(Buffer.from(remade, "base64").length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
    expect((await decoded(remade)).width).toBe(PREVIEW_WIDTHS[0]);
  });
});
