import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPosts } from "../../src/server/blog/posts";
import { addComment, listComments } from "../../src/server/blog/comments";
import { seed } from "../../scripts/seed/seed";
import { BACKENDS, requirePostgres, type TestDb } from "../helpers/db";

const count = async (t: TestDb) =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM comments"))[0]!.n;

describe.each(BACKENDS)("comments service on $name", ({ name, open }) => {
  let t: TestDb | undefined;
  let postId: number;
  let otherId: number;
  beforeAll(async () => {
    t = await open();
    if (!t && name === "postgres" && requirePostgres()) throw new Error("PG_TEST_URL is not set");
    if (!t) return;
    await seed(t.db, { now: new Date("2025-06-01T12:00:00Z") });
    const { posts } = await listPosts({ db: t.db });
    postId = posts[0]!.id;
    otherId = posts[1]!.id;
  });
  afterAll(async () => t?.close());

  it("a post with no comments has an empty list; a missing post has none at all", async (ctx) => {
    if (!t) return ctx.skip();
    expect(await listComments({ db: t.db }, otherId)).toEqual([]);
    expect(await listComments({ db: t.db }, 999_999)).toBeNull();
  });

  it("stores a comment as typed and lists it newest first, never with the e-mail", async (ctx) => {
    if (!t) return ctx.skip();
    const first = await addComment(
      { db: t.db },
      { post_id: postId, name: "Ana", email: "ana@acme.test", comment: "Line one\nLine two <b>x</b>" },
      new Date("2025-06-02T10:00:00Z"),
    );
    expect(first).toEqual({
      id: expect.any(Number),
      name: "Ana",
      date: "2025-06-02T10:00:00.000Z",
      comment: "Line one\nLine two <b>x</b>",
    });
    await addComment(
      { db: t.db },
      { post_id: postId, name: "Ben", email: "ben@acme.test", comment: "Later" },
      new Date("2025-06-03T10:00:00Z"),
    );
    const list = (await listComments({ db: t.db }, postId))!;
    expect(list.map((c) => c.name)).toEqual(["Ben", "Ana"]);
    for (const c of list) expect(Object.keys(c).sort()).toEqual(["comment", "date", "id", "name"]);
    expect(JSON.stringify(list)).not.toContain("@acme.test");
    // The e-mail is kept for staff.
    const stored = await t.db.query<{ email: string }>("SELECT email FROM comments WHERE name = 'Ana'");
    expect(stored[0]!.email).toBe("ana@acme.test");
    // Comments of one post do not leak into another.
    expect(await listComments({ db: t.db }, otherId)).toEqual([]);
  });

  it("refuses a comment on a missing post without storing anything", async (ctx) => {
    if (!t) return ctx.skip();
    const before = await count(t);
    const res = await addComment(
      { db: t.db },
      { post_id: 999_999, name: "Eve", email: "eve@acme.test", comment: "Hello" },
      new Date(),
    );
    expect(res).toBeNull();
    expect(await count(t)).toBe(before);
  });

  it("the schema itself refuses over-long or blank comments", async (ctx) => {
    if (!t) return ctx.skip();
    const before = await count(t);
    await expect(
      addComment(
        { db: t.db },
        { post_id: postId, name: "A", email: "a@b.test", comment: "x".repeat(2001) },
        new Date(),
      ),
    ).rejects.toThrow();
    await expect(
      addComment({ db: t.db }, { post_id: postId, name: "  ", email: "a@b.test", comment: "ok" }, new Date()),
    ).rejects.toThrow();
    expect(await count(t)).toBe(before);
  });

  it("limits the list to the newest comments", async (ctx) => {
    if (!t) return ctx.skip();
    for (let i = 0; i < 5; i++)
      await addComment(
        { db: t.db },
        { post_id: otherId, name: `N${i}`, email: "n@acme.test", comment: `c${i}` },
        new Date(Date.UTC(2025, 5, 10, i)),
      );
    const list = (await listComments({ db: t.db }, otherId, 3))!;
    expect(list.map((c) => c.name)).toEqual(["N4", "N3", "N2"]);
  });

  it("a deleted post takes its comments with it", async (ctx) => {
    if (!t) return ctx.skip();
    await t.db.query("DELETE FROM posts WHERE id = $1", [otherId]);
    const left = await t.db.query("SELECT 1 FROM comments WHERE post_id = $1", [otherId]);
    expect(left).toEqual([]);
    expect(await listComments({ db: t.db }, otherId)).toBeNull();
  });
});
