import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPostDetail, listPostLinks, listPosts, postExists } from "../../src/server/blog/posts";
import { seed } from "../../scripts/seed/seed";
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
    const { posts, hasMore } = await listPosts({ db: t.db });
    expect(posts.length).toBe(9);
    expect(hasMore).toBe(false);
    expect(Object.keys(posts[0]!).sort()).toEqual(
      ["author", "category", "content", "date", "format", "id", "image1", "image2", "slug", "title"].sort(),
    );
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by category and pages beyond the first ten", async (ctx) => {
    if (!t) return ctx.skip();
    const cloud = await listPosts({ db: t.db }, { category: "Cloud Computing" });
    expect(cloud.posts.length).toBeGreaterThan(0);
    expect(cloud.posts.every((p) => p.category === "Cloud Computing")).toBe(true);
    const first = await listPosts({ db: t.db }, { perPage: 4 });
    const second = await listPosts({ db: t.db }, { perPage: 4, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(second.posts[0]!.id).not.toBe(first.posts[0]!.id);
  });

  it("returns excerpts when asked, and clamps the page number", async (ctx) => {
    if (!t) return ctx.skip();
    const { posts } = await listPosts({ db: t.db }, { contentChars: 50 });
    expect(posts.every((p) => p.content.length <= 50)).toBe(true);
    const full = await listPosts({ db: t.db });
    expect(full.posts[0]!.content.length).toBeGreaterThan(50);
    // Whole words of the post, on one line, ended with an ellipsis.
    const words = posts[0]!.content.replace(/…$/, "");
    expect(posts[0]!.content.endsWith("…")).toBe(true);
    expect(words).not.toMatch(/\s{2}|\n/);
    expect(full.posts[0]!.content.replace(/\s+/g, " ").startsWith(`${words} `)).toBe(true);
    expect((await listPosts({ db: t.db }, { page: -3 })).page).toBe(1);
    const far = await listPosts({ db: t.db }, { page: 50 });
    expect(far.posts).toEqual([]);
    expect(far.hasMore).toBe(false);
  });

  it("gives a post with its older (previous) and newer (next) neighbours", async (ctx) => {
    if (!t) return ctx.skip();
    const { posts } = await listPosts({ db: t.db }); // newest first
    const newest = (await getPostDetail({ db: t.db }, posts[0]!.id))!;
    expect(newest.post).toEqual(posts[0]);
    expect(newest.next).toBeNull();
    expect(newest.previous).toEqual({
      id: posts[1]!.id,
      slug: posts[1]!.slug,
      title: posts[1]!.title,
      date: posts[1]!.date,
    });
    const middle = (await getPostDetail({ db: t.db }, posts[3]!.id))!;
    expect(middle.previous!.id).toBe(posts[4]!.id);
    expect(middle.next!.id).toBe(posts[2]!.id);
    const oldest = (await getPostDetail({ db: t.db }, posts.at(-1)!.id))!;
    expect(oldest.previous).toBeNull();
    expect(oldest.next!.id).toBe(posts.at(-2)!.id);
    expect(await getPostDetail({ db: t.db }, 999_999)).toBeNull();
  });

  it("orders posts with the same timestamp by id, so every post is reachable by next/previous", async (ctx) => {
    if (!t) return ctx.skip();
    // Two posts published in the same microsecond: (date, id) still orders them.
    const rows = await t.db.query<{ id: number }>(
      `INSERT INTO posts (title, author, content, category, date)
       VALUES ('Twin A', 'Q', 'a', 'Servers', '2020-01-01T00:00:00.123456Z'),
              ('Twin B', 'Q', 'b', 'Servers', '2020-01-01T00:00:00.123456Z') RETURNING id`,
    );
    const [a, b] = rows.map((r) => r.id) as [number, number];
    expect((await getPostDetail({ db: t.db }, a))!.next!.id).toBe(b);
    expect((await getPostDetail({ db: t.db }, b))!.previous!.id).toBe(a);
    await t.db.query("DELETE FROM posts WHERE id = ANY($1)", [[a, b]]);
  });

  it("lists post links for sidebars and tells whether a post exists", async (ctx) => {
    if (!t) return ctx.skip();
    const links = await listPostLinks({ db: t.db }, 4);
    const { posts } = await listPosts({ db: t.db }, { perPage: 4 });
    expect(links).toEqual(posts.map(({ id, slug, title, date }) => ({ id, slug, title, date })));
    expect(await postExists({ db: t.db }, posts[0]!.id)).toBe(true);
    expect(await postExists({ db: t.db }, 999_999)).toBe(false);
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
