/**
 * Drafts, scheduled posts and readable addresses: what the public sees at each moment, slugs that
 * stay unique and keep old addresses answering, and posts written before Markdown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostInput } from "../../src/shared/blog/post-schemas";
import {
  findPostSlug,
  getPostDetail,
  listPostLinks,
  listPosts,
  postExists,
  secondsUntilNextPost,
} from "../../src/server/blog/posts";
import { createPost } from "../../src/server/blog/add-post";
import { updatePost } from "../../src/server/blog/update-post";
import { addComment, listComments } from "../../src/server/blog/comments";
import type { Storage } from "../../src/server/platform/storage/storage";
import { pgliteDb, postgresDb, requirePostgres, type TestDb } from "../helpers/db";
import { postInput } from "../helpers/posts";

const T0 = new Date("2026-03-01T10:00:00Z");
const later = (min: number) => new Date(T0.getTime() + min * 60_000);
const noStorage = {} as Storage; // no images in these posts

let t: TestDb;
beforeAll(async () => {
  t = await pgliteDb();
});
afterAll(async () => t.close());

const input = postInput;
/** Who the audit trail names for the posts saved here. */
const actor = { userId: null, email: "editor@example.com", address: null };

const add = (over: Partial<PostInput> = {}, now = T0) =>
  createPost({ db: t.db, storage: noStorage, now: () => now, raise: () => {} }, actor, input(over), {});
const edit = (id: number, over: Partial<PostInput>, now = T0) =>
  updatePost({ db: t.db, storage: noStorage, now: () => now, raise: () => {} }, actor, id, input(over), {});
const publicIds = async (now: Date) =>
  (await listPosts({ db: t.db }, { now, perPage: 50 })).posts.map((p) => p.id);

describe("drafts and scheduled posts", () => {
  it("shows the public only published posts whose time has come, everywhere", async () => {
    const live = await add({ title: "Live post" }, later(-10));
    const draft = await add({ title: "Draft post", status: "draft" });
    const soon = await add({ title: "Scheduled post", status: "scheduled", publishAt: later(2) });
    expect([live.status, draft.status, soon.status]).toEqual(["published", "draft", "scheduled"]);

    expect(await publicIds(T0)).toEqual([live.id]);
    expect((await listPostLinks({ db: t.db }, 10, T0)).map((p) => p.id)).toEqual([live.id]);
    expect(
      (await listPosts({ db: t.db }, { now: T0, category: "Networking" })).posts.map((p) => p.id),
    ).toEqual([live.id]);
    for (const p of [draft, soon]) {
      expect(await getPostDetail({ db: t.db }, p.id, { now: T0 })).toBeNull();
      expect(await getPostDetail({ db: t.db }, { slug: p.slug }, { now: T0 })).toBeNull();
      expect(await postExists({ db: t.db }, p.id, T0)).toBe(false);
      expect(await findPostSlug({ db: t.db }, { id: p.id }, T0)).toBeNull();
      expect(await listComments({ db: t.db }, p.id, 10, T0)).toBeNull();
      expect(
        await addComment({ db: t.db }, { post_id: p.id, name: "A", email: "a@b.co", comment: "hi" }, T0),
      ).toBeNull();
      // Staff previews find it, and its neighbours are still public posts only.
      const preview = (await getPostDetail({ db: t.db }, p.id, { now: T0, preview: true }))!;
      expect(preview.state).toBe(p.status);
    }
    expect((await getPostDetail({ db: t.db }, live.id, { now: T0 }))!.next).toBeNull();
    // The cache of public pages lasts no longer than until the scheduled post goes public.
    expect(await secondsUntilNextPost({ db: t.db }, 300, T0)).toBe(120);
    expect(await secondsUntilNextPost({ db: t.db }, 60, T0)).toBe(60);

    // At its time, the scheduled post is public by itself, newest, and the live post links to it.
    const at = later(2);
    expect(await publicIds(at)).toEqual([soon.id, live.id]);
    expect((await getPostDetail({ db: t.db }, live.id, { now: at }))!.next!.slug).toBe(soon.slug);
    expect(
      await addComment({ db: t.db }, { post_id: soon.id, name: "A", email: "a@b.co", comment: "hi" }, at),
    ).not.toBeNull();

    // Unpublishing takes it off at once; publishing a draft dates it now.
    await edit(soon.id, { title: "Scheduled post", status: "draft" }, later(3));
    expect(await publicIds(later(3))).toEqual([live.id]);
    const published = await edit(draft.id, { title: "Draft post", status: "published" }, later(4));
    expect(published.date).toBe(later(4).toISOString());
    expect(await publicIds(later(4))).toEqual([draft.id, live.id]);
    await t.db.query("DELETE FROM posts");
  });

  it("refuses a schedule in the past or without a time", async () => {
    await expect(add({ status: "scheduled", publishAt: later(-1) })).rejects.toMatchObject({
      kind: "invalid",
    });
    await expect(add({ status: "scheduled" })).rejects.toMatchObject({ kind: "invalid" });
  });
});

describe("readable addresses", () => {
  it("makes unique slugs from titles, refuses a taken one, and keeps old addresses", async () => {
    const a = await add({ title: "Zero Trust: für kleine Büros!" });
    const b = await add({ title: "Zero trust für kleine buros" });
    expect(a.slug).toBe("zero-trust-fur-kleine-buros");
    expect(b.slug).toBe("zero-trust-fur-kleine-buros-2");
    const digits = await add({ title: "2026" });
    expect(digits.slug).toBe("post-2026");
    await expect(add({ title: "Other", slug: a.slug })).rejects.toMatchObject({ kind: "conflict" });

    const renamed = await edit(a.id, { title: a.title, slug: "zero-trust-offices" }, later(1));
    expect(renamed.slug).toBe("zero-trust-offices");
    expect(await findPostSlug({ db: t.db }, { slug: "zero-trust-fur-kleine-buros" }, later(1))).toBe(
      "zero-trust-offices",
    );
    expect(
      (await getPostDetail({ db: t.db }, { slug: "zero-trust-offices" }, { now: later(1) }))!.post.id,
    ).toBe(a.id);
    // An edit that does not name a slug keeps it, even when the title changes.
    expect((await edit(a.id, { title: "A new title" }, later(2))).slug).toBe("zero-trust-offices");
    // The old address can be taken by another post, which then wins it.
    const c = await add({ title: "Other", slug: "zero-trust-fur-kleine-buros" }, later(3));
    expect(await findPostSlug({ db: t.db }, { slug: c.slug }, later(3))).toBeNull();
    expect((await getPostDetail({ db: t.db }, { slug: c.slug }, { now: later(3) }))!.post.id).toBe(c.id);
    await t.db.query("DELETE FROM posts");
  });

  it("gives rows written without a slug one from their title, and keeps them plain text", async () => {
    const rows = await t.db.query<{ slug: string; format: string }>(
      `INSERT INTO posts (title, author, content, category, format)
       VALUES ('Hello World', 'A', 'x', 'Servers', 'text'), ('Hello world', 'A', 'x', 'Servers', 'text')
       RETURNING slug, format`,
    );
    expect(rows[0]).toEqual({ slug: "hello-world", format: "text" });
    expect(rows[1]!.slug).toMatch(/^hello-world-\d+$/);
  });
});

describe("slugs under concurrent saves, on PostgreSQL", () => {
  let pg: TestDb | undefined;
  beforeAll(async () => {
    pg = await postgresDb();
    if (!pg && requirePostgres()) throw new Error("PG_TEST_URL is not set");
  });
  afterAll(async () => pg?.close());

  it("gives posts with one title saved at once each their own address", async (ctx) => {
    if (!pg) return ctx.skip();
    const db = pg.db;
    const saves = Array.from({ length: 8 }, () =>
      createPost(
        { db, storage: noStorage, now: () => T0, raise: () => {} },
        actor,
        input({ title: "Same title at once" }),
        {},
      ),
    );
    const posts = await Promise.all(saves);
    const slugs = posts.map((p) => p.slug).sort();
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain("same-title-at-once");
    // The same slug chosen by two editors at once: one gets it, the other a 409.
    const chosen = await Promise.allSettled([
      createPost(
        { db, storage: noStorage, now: () => T0, raise: () => {} },
        actor,
        input({ title: "A", slug: "chosen-address" }),
        {},
      ),
      createPost(
        { db, storage: noStorage, now: () => T0, raise: () => {} },
        actor,
        input({ title: "B", slug: "chosen-address" }),
        {},
      ),
    ]);
    expect(chosen.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(chosen.find((r) => r.status === "rejected")).toMatchObject({ reason: { kind: "conflict" } });
  });
});

describe("the migration, on a database with posts", () => {
  it("gives existing posts unique slugs from their titles and keeps them plain text", async () => {
    const { mkdtempSync, copyFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { PGlite } = await import("@electric-sql/pglite");
    const { createPgliteDb } = await import("../../src/server/platform/db/pglite");
    const { migrate, MIGRATIONS_DIR } = await import("../../src/server/platform/db/migrate");
    const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
    copyFileSync(path.join(MIGRATIONS_DIR, "001_schema.sql"), path.join(dir, "001_schema.sql"));
    const db = createPgliteDb(await PGlite.create());
    try {
      await migrate(db, dir);
      await db.query(
        `INSERT INTO posts (title, author, content, category) VALUES
           ('Hello, World!', 'A', 'x', 'Servers'), ('hello world', 'A', 'x', 'Servers'),
           ('2026', 'A', 'x', 'Servers'), ('¿Qué?', 'A', 'x', 'Servers')`,
      );
      copyFileSync(
        path.join(MIGRATIONS_DIR, "004_blog_publishing.sql"),
        path.join(dir, "004_blog_publishing.sql"),
      );
      expect(await migrate(db, dir)).toEqual(["004_blog_publishing.sql"]);
      const rows = await db.query<{ id: number; slug: string; format: string; status: string }>(
        "SELECT id, slug, format, status FROM posts ORDER BY id",
      );
      expect(rows.map((r) => r.slug)).toEqual([
        "hello-world",
        `hello-world-${rows[1]!.id}`,
        `post-${rows[2]!.id}`,
        "qu",
      ]);
      expect(rows.every((r) => r.format === "text" && r.status === "published")).toBe(true);
    } finally {
      await db.close();
    }
  });
});
