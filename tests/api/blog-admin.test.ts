import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MEDIA_WIDTH, mediaVariant } from "../../src/shared/common/media";
import { createApp } from "../../src/server/http/app";
import { env } from "../../src/server/platform/env";
import type { Db } from "../../src/server/platform/db/db";
import type { Storage } from "../../src/server/platform/storage/storage";
import {
  addPostApi,
  adminPostCommentsApi,
  adminPostsApi,
  deleteCommentApi,
  deletePostApi,
  updatePostApi,
} from "../../src/shared/blog/admin-api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { postForm } from "../helpers/dashboard-call";
import { count, insertComment, insertPost, pngBytes } from "../helpers/dashboard-fixtures";

let api: ApiHarness;
let db: Db;
let storage: Storage;
beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
  storage = await createApp(new Request("http://localhost:4321/"), undefined, api.ports).open.storage();
});
afterAll(() => api.close());

/** Objects in local storage under public/ (blog images). */
function publicObjects(): string[] {
  try {
    return readdirSync(path.join(env().uploadsDir, "public")).filter((f) => !f.endsWith(".type"));
  } catch {
    return [];
  }
}

/** The stored preview of a post's banner (base64 WebP). */
const previewOf = async (id: number) =>
  (
    await db.query<{ image2_preview: string | null }>("SELECT image2_preview FROM posts WHERE id = $1", [id])
  )[0]?.image2_preview;

const keyOf = (url: string | null) => (url ? url.replace(/^\/api\/media\//, "") : "");
const fields = {
  title: "Cloud costs in 2026",
  author: "Priya Raman",
  category: "Cloud Computing",
  content: "Text\nwith lines",
};

describe("POST /api/add-post", () => {
  it("adds a post with both images, re-encoded as WebP at most 1600 px wide", async () => {
    const wide = await pngBytes(2400, 600);
    const small = await pngBytes(120, 120);
    const res = await api.call(addPostApi, {
      as: "admin",
      form: postForm(fields, {
        image1: [small, "me.png", "image/png"],
        image2: [wide, "banner.png", "image/png"],
      }),
    });
    expect(res.status).toBe(201);
    const { post, message } = (await res.json()) as { post: Record<string, string>; message: string };
    expect(message).toBe("Post added successfully");
    expect(post).toMatchObject({
      title: fields.title,
      author: fields.author,
      category: fields.category,
      content: fields.content,
    });
    expect(post.image1).toMatch(/^\/api\/media\/public\/[0-9a-f-]{36}\.webp$/);
    expect(post.image2).toMatch(/^\/api\/media\/public\/[0-9a-f-]{36}\.webp$/);
    const banner = await storage.get(keyOf(post.image2!));
    expect(banner?.contentType).toBe("image/webp");
    const meta = await sharp(banner!.body).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1600);
    const profile = await sharp((await storage.get(keyOf(post.image1!)))!.body).metadata();
    expect(profile.width).toBe(120); // never enlarged
    // Stored once: the Image CDN makes the narrower sizes pages show.
    for (const [image, width] of [
      [post.image2!, MEDIA_WIDTH.banner],
      [post.image1!, MEDIA_WIDTH.avatar],
    ] as const)
      expect(await storage.get(mediaVariant(keyOf(image), width))).toBeNull();
    // The banner's preview for the blog's first card is stored with the post.
    const preview = await sharp(Buffer.from((await previewOf(Number(post.id)))!, "base64")).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(["webp", 400, 100]);
  });

  it("adds a post without images", async () => {
    const res = await api.call(addPostApi, {
      as: "admin",
      form: postForm({ ...fields, title: "No pictures" }),
    });
    expect(res.status).toBe(201);
    const { post } = (await res.json()) as { post: { image1: null; image2: null } };
    expect(post.image1).toBeNull();
    expect(post.image2).toBeNull();
  });

  const text = new TextEncoder().encode("this is not a picture at all");
  const pdf = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
  it.each([
    ["title missing", { ...fields, title: undefined }, {}, /Title is required/],
    ["title blank", { ...fields, title: "   " }, {}, /Title is required/],
    ["title too long", { ...fields, title: "x".repeat(201) }, {}, /Title must be at most 200/],
    ["author missing", { ...fields, author: undefined }, {}, /Author is required/],
    ["category unknown", { ...fields, category: "Gardening" }, {}, /six categories/],
    ["category missing", { ...fields, category: undefined }, {}, /six categories/],
    ["content blank", { ...fields, content: "" }, {}, /Content is required/],
    [
      "image that is text",
      fields,
      { image1: [text, "fake.png", "image/png"] },
      /Profile Image must be one of/,
    ],
    ["image that is a PDF", fields, { image2: [pdf, "doc.png", "image/png"] }, /Banner Image must be one of/],
  ] as const)("refuses %s with 400 and stores nothing", async (_name, f, files, message) => {
    const before = { posts: await count(db, "posts"), objects: publicObjects().length };
    const clean = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const res = await api.call(addPostApi, {
      as: "admin",
      form: postForm(clean, files as Record<string, [Uint8Array, string, string]>),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect(await count(db, "posts")).toBe(before.posts);
    expect(publicObjects().length).toBe(before.objects);
  });

  it("refuses an image over 4 MB (413) and a JSON body (415), storing nothing", async () => {
    const before = await count(db, "posts");
    const big = new Uint8Array(4 * 1024 * 1024 + 10);
    big.set(await pngBytes(10, 10));
    const res = await api.call(addPostApi, {
      as: "admin",
      form: postForm(fields, { image1: [big, "big.png", "image/png"] }),
    });
    expect(res.status).toBe(413);
    const json = await api.call(addPostApi, { as: "admin", body: fields });
    expect(json.status).toBe(415);
    expect(await count(db, "posts")).toBe(before);
  });

  it("refuses GET (405) and a request from another site (403)", async () => {
    expect((await api.call(addPostApi, { as: "admin", method: "GET" })).status).toBe(405);
    const res = await api.call(addPostApi, {
      as: "admin",
      form: postForm(fields),
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});

describe("POST /api/update-post", () => {
  it("updates the text, replaces one image and removes the old object, keeping the other", async () => {
    const add = await api.call(addPostApi, {
      as: "admin",
      form: postForm(fields, {
        image1: [await pngBytes(50, 50), "a.png", "image/png"],
        image2: [await pngBytes(300, 100), "b.png", "image/png"],
      }),
    });
    const { post } = (await add.json()) as { post: { id: number; image1: string; image2: string } };
    const res = await api.call(updatePostApi, {
      as: "admin",
      form: postForm(
        { ...fields, id: String(post.id), title: "Edited title", category: "Networking" },
        { image1: [await pngBytes(60, 60), "c.png", "image/png"] },
      ),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      post: { title: string; category: string; image1: string; image2: string };
      message: string;
    };
    expect(body.message).toBe("Post updated successfully");
    expect(body.post.title).toBe("Edited title");
    expect(body.post.category).toBe("Networking");
    expect(body.post.image1).not.toBe(post.image1);
    expect(body.post.image2).toBe(post.image2);
    expect(await storage.get(keyOf(post.image1))).toBeNull();
    expect(await storage.get(mediaVariant(keyOf(post.image1), MEDIA_WIDTH.avatar))).toBeNull();
    expect(await storage.get(keyOf(body.post.image1))).not.toBeNull();
    expect(await storage.get(keyOf(post.image2))).not.toBeNull();
    // The banner was kept, and so was its preview; a new banner brings its own.
    const preview = await previewOf(post.id);
    const kept = await sharp(Buffer.from(preview!, "base64")).metadata();
    expect([kept.width, kept.height]).toEqual([300, 100]);
    const again = await api.call(updatePostApi, {
      as: "admin",
      form: postForm(
        { ...fields, id: String(post.id) },
        { image2: [await pngBytes(400, 100), "d.png", "image/png"] },
      ),
    });
    expect(again.status).toBe(200);
    const replaced = await previewOf(post.id);
    expect(replaced).not.toBe(preview);
    const meta = await sharp(Buffer.from(replaced!, "base64")).metadata();
    expect([meta.width, meta.height]).toEqual([400, 100]); // the new banner's, never enlarged
  });

  it("answers 404 for a post that does not exist, leaving no image behind", async () => {
    const before = publicObjects().length;
    const res = await api.call(updatePostApi, {
      as: "admin",
      form: postForm({ ...fields, id: "999999" }, { image1: [await pngBytes(), "a.png", "image/png"] }),
    });
    expect(res.status).toBe(404);
    expect(publicObjects().length).toBe(before);
  });

  it.each([
    ["no id", { id: undefined }],
    ["id not a number", { id: "abc" }],
    ["id zero", { id: "0" }],
    ["blank title", { title: " " }],
    ["unknown category", { category: "Cooking" }],
  ] as [string, Record<string, string | undefined>][])(
    "refuses %s with 400 and changes nothing",
    async (_n, over) => {
      const id = await insertPost(db);
      const before = await db.query("SELECT title, category, content FROM posts WHERE id = $1", [id]);
      const res = await api.call(updatePostApi, {
        as: "admin",
        form: postForm(
          Object.fromEntries(
            Object.entries(Object.assign({ ...fields, id: String(id) }, over)).filter(
              ([, v]) => v !== undefined,
            ),
          ) as Record<string, string>,
        ),
      });
      expect(res.status).toBe(400);
      expect(await db.query("SELECT title, category, content FROM posts WHERE id = $1", [id])).toEqual(
        before,
      );
    },
  );
});

describe("DELETE /api/delete-post/:id", () => {
  it("deletes the post, its comments and its images", async () => {
    const add = await api.call(addPostApi, {
      as: "admin",
      form: postForm(fields, { image2: [await pngBytes(), "b.png", "image/png"] }),
    });
    const { post } = (await add.json()) as { post: { id: number; image2: string } };
    await insertComment(db, post.id);
    await insertComment(db, post.id);
    const res = await api.call(deletePostApi, { as: "admin", params: { id: post.id } });
    expect(res.status).toBe(200);
    expect(await count(db, "posts", "id = $1", [post.id])).toBe(0);
    expect(await count(db, "comments", "post_id = $1", [post.id])).toBe(0);
    expect(await storage.get(keyOf(post.image2))).toBeNull();
    expect(await storage.get(mediaVariant(keyOf(post.image2), MEDIA_WIDTH.banner))).toBeNull();
  });

  it("answers 404 for an unknown post and 400 for a bad id", async () => {
    expect((await api.call(deletePostApi, { as: "admin", params: { id: 999999 } })).status).toBe(404);
    expect((await api.call(deletePostApi, { as: "admin", params: { id: "abc" } })).status).toBe(400);
    expect((await api.call(deletePostApi, { as: "admin", params: { id: "-1" } })).status).toBe(400);
    expect((await api.call(deletePostApi, { as: "admin", method: "POST", params: { id: 1 } })).status).toBe(
      405,
    );
  });
});

describe("comment moderation", () => {
  let postId: number;
  beforeEach(async () => {
    postId = await insertPost(db);
  });

  it("lists a post's comments with their e-mail for staff, newest first", async () => {
    await insertComment(db, postId, "first@visitor.example");
    await insertComment(db, postId, "second@visitor.example");
    const res = await api.call(adminPostCommentsApi, { as: "reader", params: { postId } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      comments: { email: string; name: string; comment: string; date: string }[];
    };
    expect(body.comments.map((c) => c.email).sort()).toEqual([
      "first@visitor.example",
      "second@visitor.example",
    ]);
    expect(body.comments[0]).toHaveProperty("date");
  });

  it("answers 404 for an unknown post and 400 for a bad id or page", async () => {
    expect((await api.call(adminPostCommentsApi, { as: "admin", params: { postId: 999999 } })).status).toBe(
      404,
    );
    expect((await api.call(adminPostCommentsApi, { as: "admin", params: { postId: "x" } })).status).toBe(400);
    expect(
      (await api.call(adminPostCommentsApi, { as: "admin", params: { postId }, query: { page: "0" } }))
        .status,
    ).toBe(400);
  });

  it("deletes one comment and keeps the others", async () => {
    const a = await insertComment(db, postId);
    const b = await insertComment(db, postId);
    const res = await api.call(deleteCommentApi, { as: "admin", params: { id: a } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { postId: number }).postId).toBe(postId);
    expect(await count(db, "comments", "id = $1", [a])).toBe(0);
    expect(await count(db, "comments", "id = $1", [b])).toBe(1);
    expect((await api.call(deleteCommentApi, { as: "admin", params: { id: a } })).status).toBe(404);
    expect((await api.call(deleteCommentApi, { as: "admin", params: { id: "1.5" } })).status).toBe(400);
  });
});

describe("GET /api/admin-posts", () => {
  it("pages the posts newest first with a total and comment counts", async () => {
    const res = await api.call(adminPostsApi, { as: "reader", query: { page: 1 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      posts: { date: string; commentCount: number }[];
      total: number;
      pageSize: number;
    };
    expect(body.total).toBe(await count(db, "posts"));
    expect(body.posts.length).toBe(Math.min(body.total, body.pageSize));
    const dates = body.posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await api.call(adminPostsApi, { as: "admin", query: { page: "abc" } })).status).toBe(400);
  });
});
