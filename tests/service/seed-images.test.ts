import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPosts } from "../../src/server/blog/posts";
import { seed } from "../../scripts/seed/seed";
import { SEED_POSTS } from "../../scripts/seed/seed-data";
import { initials } from "../../scripts/seed/seed-images";
import { type Storage } from "../../src/server/platform/storage/storage";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { pgliteDb, type TestDb } from "../helpers/db";

const isWebp = (b: Uint8Array) =>
  Buffer.from(b.subarray(0, 4)).toString("latin1") === "RIFF" &&
  Buffer.from(b.subarray(8, 12)).toString("latin1") === "WEBP";

describe("seeded post images", () => {
  let t: TestDb;
  let storage: Storage;
  let dir: string;
  const puts: string[] = [];
  beforeAll(async () => {
    t = await pgliteDb();
    dir = mkdtempSync(path.join(os.tmpdir(), "nimbus-seed-"));
    const local = createLocalStorage(dir, "test-secret");
    storage = {
      ...local,
      put: async (key, body, type) => {
        puts.push(key);
        return local.put(key, body, type);
      },
    };
    await seed(t.db, { storage, now: new Date("2025-06-01T12:00:00Z") });
  }, 60_000);
  afterAll(async () => t.close());

  it("gives every demo post a WebP banner and its author's avatar", async () => {
    const { posts } = await listPosts({ db: t.db });
    expect(posts).toHaveLength(SEED_POSTS.length);
    for (const p of posts) {
      expect(p.image1).toMatch(/^\/api\/media\/public\/[0-9a-f-]{36}\.webp$/);
      expect(p.image2).toMatch(/^\/api\/media\/public\/[0-9a-f-]{36}\.webp$/);
      for (const url of [p.image1!, p.image2!]) {
        const obj = await storage.get(url.replace("/api/media/", ""));
        expect(obj?.contentType).toBe("image/webp");
        expect(isWebp(obj!.body)).toBe(true);
      }
    }
    // One avatar per author, one banner per post.
    const authors = new Set(SEED_POSTS.map((p) => p.author));
    expect(new Set(posts.map((p) => p.image1)).size).toBe(authors.size);
    expect(new Set(posts.map((p) => p.image2)).size).toBe(posts.length);
    // Each stored once: the Image CDN makes the sizes pages show. (Private objects are the demo
    // candidates' resumes.)
    expect(puts.filter((k) => k.startsWith("public/"))).toHaveLength(authors.size + posts.length);
  });

  it("draws nothing again when the blog already has posts", async () => {
    const before = puts.length;
    await seed(t.db, { storage });
    expect(puts.length).toBe(before);
  });

  it("removes the drawn images when the posts cannot be stored", async () => {
    const other = await pgliteDb();
    const keys: string[] = [];
    const deleted: string[] = [];
    const local = createLocalStorage(mkdtempSync(path.join(os.tmpdir(), "nimbus-seed-")), "s");
    const tracking: Storage = {
      ...local,
      put: async (k, b, c) => {
        keys.push(k);
        await local.put(k, b, c);
      },
      delete: async (k) => {
        deleted.push(k);
        await local.delete(k);
      },
    };
    // A trigger that fails the seed's transaction after the posts are inserted.
    await other.db.exec(`CREATE FUNCTION fail_jobs() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'no jobs today'; END $$;
      CREATE TRIGGER fail_jobs BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION fail_jobs();`);
    await expect(seed(other.db, { storage: tracking })).rejects.toThrow(/no jobs today/);
    expect(keys.length).toBeGreaterThan(0);
    expect(deleted.sort()).toEqual([...keys].sort());
    expect((await other.db.query("SELECT 1 FROM posts")).length).toBe(0);
    await other.close();
  }, 60_000);

  it("makes initials from a name", () => {
    expect(initials("Priya Raman")).toBe("PR");
    expect(initials("Kavitha  Subramanian Iyer")).toBe("KI");
    expect(initials("madonna")).toBe("M");
    expect(initials("  ")).toBe("?");
  });
});
