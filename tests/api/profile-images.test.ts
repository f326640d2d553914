/**
 * A profile image is decoded and re-encoded like a post's images ("uploads are judged by their
 * bytes", SECURITY.md): a picture that claims more pixels than the decoder allows or does not
 * decode in full is refused, and what is stored (and served to anyone, cached for a year) is a
 * WebP without the uploaded file's metadata (EXIF and its location).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_WIDTH, mediaVariant } from "../../src/shared/common/media";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import type { Storage } from "../../src/server/platform/storage/storage";
import { updateProfileApi } from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness } from "../helpers/api";

let api: ApiHarness;
let storage: Storage;

beforeAll(async () => {
  storage = createLocalStorage(mkdtempSync(path.join(os.tmpdir(), "profile-images-")), "secret");
  api = await apiHarness({ storage });
}, 120_000);
afterAll(() => api.close());

const upload = (bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append("profileImage", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return api.call(updateProfileApi, { as: "reader", form });
};
const storedKey = async () =>
  (
    await api.db.db.query<{ profile_image: string | null }>("SELECT profile_image FROM users WHERE id = $1", [
      api.staff.users.reader.id,
    ])
  )[0]!.profile_image;

/** A CRC-32 for PNG chunks (https://www.w3.org/TR/png/#5CRC-algorithm). */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG whose header claims 20000 x 20000 pixels, followed by a few hundred kB of compressed rows. */
function hugePng(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = deflateSync(Buffer.alloc(20_000 * 3 * 400), { level: 1 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", rows),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** A picture of grey noise, which compresses badly: half its bytes hold half its pixels. */
const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  });

describe("profile images are decoded and re-encoded", () => {
  it("refuses a PNG that claims 20000 x 20000 pixels", async () => {
    const png = hugePng();
    const before = await storedKey();
    const res = await upload(png, "huge.png");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /is too large: at most 12 megapixels \(it has 20000 x 20000 pixels\)/,
    );
    expect(await storedKey()).toBe(before);
  });

  it("refuses a truncated WebP", async () => {
    const webp = await noise(300, 300).webp().toBuffer();
    const res = await upload(webp.subarray(0, Math.floor(webp.length / 2)), "cut.webp");
    expect(res.status).toBe(400);
  });

  it("refuses a JPEG cut short, which decodes only in part", async () => {
    const jpg = await noise(400, 300).jpeg().toBuffer();
    const before = await storedKey();
    const res = await upload(jpg.subarray(0, Math.floor(jpg.length / 2)), "cut.jpg");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/could not be read as a picture/);
    expect(await storedKey()).toBe(before);
  });

  it("stores a JPEG turned by its EXIF orientation upright", async () => {
    // 300 wide, 200 high as stored, with orientation 6: shown turned a quarter clockwise, 200 x 300.
    const jpg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#226688" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpg).metadata()).orientation).toBe(6);
    const res = await upload(jpg, "portrait.jpg");
    expect(res.status).toBe(200);
    const stored = (await storage.get((await storedKey())!))!;
    const meta = await sharp(stored.body).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 300, undefined]);
  });

  it("stores a JPEG with EXIF (a location included) as a WebP without it, once (the Image CDN sizes it)", async () => {
    const jpg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#884422" } })
      .jpeg()
      .withExif({
        IFD0: { Artist: "Secret Location 51.5N" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(jpg).metadata()).exif).toBeDefined();
    const res = await upload(jpg, "holiday.jpg");
    expect(res.status).toBe(200);
    const key = (await storedKey())!;
    expect(key).toMatch(/^public\/.+\.webp$/);
    const stored = (await storage.get(key))!;
    expect(stored.contentType).toBe("image/webp");
    const meta = await sharp(stored.body).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(stored.body).includes(Buffer.from("Secret"))).toBe(false);
    expect(await storage.get(mediaVariant(key, MEDIA_WIDTH.avatar))).toBeNull();
  });
});
