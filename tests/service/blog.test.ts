import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPosts } from "../../src/server/blog";
import { seed } from "../../src/server/seed";
import { BACKENDS, requirePostgres, type TestDb } from "../helpers/db";

describe.each(BACKENDS)("blog service on $name", ({ name, open }) => {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await open();
    if (!t && name === "postgres" && requirePostgres()) throw new Error("PG_TEST_URL is not set");
    if (t) await seed(t.db, { now: new Date("2025-06-01T12:00:00Z") });
  });
  afterAll(async () => t?.close());

  it("lists the newest posts first with the SPEC fields", async (ctx) => {
    if (!t) return ctx.skip();
    const { posts, hasMore } = await listPosts(t.db);
    expect(posts.length).toBe(9);
    expect(hasMore).toBe(false);
    expect(Object.keys(posts[0]!).sort()).toEqual(
      ["author", "category", "content", "date", "id", "image1", "image2", "title"].sort(),
    );
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by category and pages beyond the first ten", async (ctx) => {
    if (!t) return ctx.skip();
    const cloud = await listPosts(t.db, { category: "Cloud Computing" });
    expect(cloud.posts.length).toBeGreaterThan(0);
    expect(cloud.posts.every((p) => p.category === "Cloud Computing")).toBe(true);
    const first = await listPosts(t.db, { perPage: 4 });
    const second = await listPosts(t.db, { perPage: 4, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(second.posts[0]!.id).not.toBe(first.posts[0]!.id);
  });

  it("enforces the schema's rules whatever the code does", async (ctx) => {
    if (!t) return ctx.skip();
    await expect(
      t.db.query("INSERT INTO posts (title, author, content, category) VALUES ('t', 'a', 'c', 'Gardening')"),
    ).rejects.toThrow();
    await expect(
      t.db.query("INSERT INTO posts (title, author, content, category) VALUES ('  ', 'a', 'c', 'Servers')"),
    ).rejects.toThrow();
  });

  it("rolls a failed transaction back completely", async (ctx) => {
    if (!t) return ctx.skip();
    const before = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM faqs");
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("INSERT INTO faqs (question) VALUES ('Kept?')");
        await tx.query("INSERT INTO faqs (question) VALUES ('')");
      }),
    ).rejects.toThrow();
    const after = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM faqs");
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
