import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnv } from "../../src/server/platform/env";
import { seed } from "../../scripts/seed/seed";
import type { Db } from "../../src/server/platform/db/db";
import { addCommentApi, getCommentsApi, getPostDetailApi, getPostsApi } from "../../src/shared/blog/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { clearOfWindowEdge } from "../helpers/rate-window";

const ORIGIN = "http://localhost:4321";

let api: ApiHarness;
let db: Db;
let newest: number;
let older: number;
let oldest: number;
const NOW = new Date("2025-07-01T09:30:00Z");

beforeAll(async () => {
  api = await apiHarness({ now: () => NOW });
  db = api.db.db;
  await seed(db, { now: new Date("2025-06-01T12:00:00Z") });
  const ids = await db.query<{ id: number }>("SELECT id FROM posts ORDER BY date DESC, id DESC");
  newest = ids[0]!.id;
  older = ids[1]!.id;
  oldest = ids.at(-1)!.id;
});
afterAll(() => api.close());

const countComments = async () =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM comments"))[0]!.n;

/** Every public answer of this file, to check that no commenter's e-mail is ever in one. */
const publicBodies: string[] = [];
async function text(res: Response): Promise<string> {
  const body = await res.text();
  publicBodies.push(body);
  return body;
}
async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return JSON.parse(await text(res)) as T;
}

/** The malformed requests below are sent as written: the request's parts, and its sending. */
const sendComment = (init: RequestInit) => api.send(new Request(`${ORIGIN}/api/add-comment`, init));
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const jsonReq = (data: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(data),
});
/** A comment posted as a form (URL-encoded), as the comment form sends it. */
const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  api.call(addCommentApi, {
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
const valid = () => ({
  post_id: String(newest),
  name: "Dana Whitfield",
  email: "dana.whitfield@northwind.test",
  comment: "We saw the same idle RDS instances.\nThanks for the checklist!",
});

describe("GET /api/get-post-detail/:id", () => {
  it("answers { post, previous, next } with the SPEC fields", async () => {
    const res = await api.call(getPostDetailApi, { params: { id: older } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const data = await body<{ post: Record<string, unknown>; previous: unknown; next: unknown }>(res);
    // The SPEC's fields, and the additions: the rendered body, its headings, the post's state.
    expect(Object.keys(data).sort()).toEqual(["html", "next", "post", "previous", "state", "toc"]);
    expect(Object.keys(data.post).sort()).toEqual(
      ["author", "category", "content", "date", "format", "id", "image1", "image2", "slug", "title"].sort(),
    );
    expect(data.post.id).toBe(older);
    expect(data.next).toMatchObject({ id: newest });
    expect(data.previous).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
  });

  it("has no next for the newest post and no previous for the oldest", async () => {
    const a = await body<{ next: unknown }>(await api.call(getPostDetailApi, { params: { id: newest } }));
    expect(a.next).toBeNull();
    const b = await body<{ previous: unknown }>(await api.call(getPostDetailApi, { params: { id: oldest } }));
    expect(b.previous).toBeNull();
  });

  it("is cached by the CDN under the blog and post tags", async () => {
    const res = await api.call(getPostDetailApi, { params: { id: newest } });
    expect(res.headers.get("netlify-cache-tag")).toBe(`blog,post-${newest}`);
    expect(res.headers.get("netlify-cdn-cache-control")).toContain("stale-while-revalidate");
    expect(res.headers.get("cache-control")).toContain("must-revalidate");
  });

  it("answers 404 JSON for a missing post", async () => {
    const res = await api.call(getPostDetailApi, { params: { id: 999999 } });
    expect(res.status).toBe(404);
    expect(await body(res)).toEqual({ error: "No post found." });
  });

  it.each(["abc", "0", "-1", "1.5", "12345678901", "1e3", "%20"])("answers 400 for the id %j", async (id) => {
    // The id as typed in the address (a percent-escape stays one).
    const res = await api.send(new Request(`${ORIGIN}/api/get-post-detail/${id}`));
    expect(res.status).toBe(400);
    expect((await body<{ error: string }>(res)).error).toMatch(/post id/);
  });

  it("refuses other methods", async () => {
    const res = await api.call(getPostDetailApi, { params: { id: newest }, method: "POST" });
    expect(res.status).toBe(405);
  });
});

describe("GET /api/get-comments/:postId", () => {
  it("answers { comments: [] } for a post without comments", async () => {
    const res = await api.call(getCommentsApi, { params: { postId: oldest } });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ comments: [] });
  });

  it("answers 404 for a missing post and 400 for a malformed id", async () => {
    const missing = await api.call(getCommentsApi, { params: { postId: 999999 } });
    expect(missing.status).toBe(404);
    expect(await body(missing)).toHaveProperty("error");
    const bad = await api.call(getCommentsApi, { params: { postId: "x1" } });
    expect(bad.status).toBe(400);
    expect(await body(bad)).toHaveProperty("error");
  });
});

describe("POST /api/add-comment", () => {
  beforeEach(async () => {
    await db.query("DELETE FROM comments");
  });

  it("stores a comment sent as form data and answers 201 without the e-mail", async () => {
    const res = await post(valid());
    expect(res.status).toBe(201);
    const data = await body<{ comment: Record<string, string> }>(res);
    expect(data.comment).toEqual({
      id: expect.any(Number),
      name: "Dana Whitfield",
      date: NOW.toISOString(),
      comment: "We saw the same idle RDS instances.\nThanks for the checklist!",
    });
    const rows = await db.query<{ post_id: number; email: string }>("SELECT post_id, email FROM comments");
    expect(rows).toEqual([{ post_id: newest, email: "dana.whitfield@northwind.test" }]);

    // The list shows it, with its id (for a report), name, date and comment only.
    const list = await body<{ comments: Record<string, string>[] }>(
      await api.call(getCommentsApi, { params: { postId: newest } }),
    );
    expect(list.comments).toHaveLength(1);
    expect(Object.keys(list.comments[0]!).sort()).toEqual(["comment", "date", "id", "name"]);
  });

  it("accepts multipart form data and JSON with the same field names", async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(valid())) fd.set(k, v);
    const multipart = await api.call(addCommentApi, { form: fd });
    expect(multipart.status).toBe(201);
    const asJson = await api.call(addCommentApi, { body: { ...valid(), post_id: newest } });
    expect(asJson.status).toBe(201);
    expect(await countComments()).toBe(2);
  });

  it("keeps markup as typed text (it is rendered as text, never as HTML)", async () => {
    const evil = `<img src=x onerror=alert(1)> & "quotes"`;
    const res = await post({ ...valid(), comment: evil });
    expect(res.status).toBe(201);
    const list = await body<{ comments: { comment: string }[] }>(
      await api.call(getCommentsApi, { params: { postId: newest } }),
    );
    expect(list.comments[0]!.comment).toBe(evil);
  });

  it("accepts the longest allowed values", async () => {
    const res = await post({
      ...valid(),
      name: "n".repeat(100),
      email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(56)}.test`,
      comment: "c".repeat(2000),
    });
    expect(res.status).toBe(201);
  });

  const bad: [string, Record<string, string>, number, RegExp][] = [
    ["a blank name", { name: "   " }, 400, /name/i],
    ["a blank email", { email: "" }, 400, /email/i],
    ["a blank comment", { comment: " \n " }, 400, /comment/i],
    ["a name over 100 characters", { name: "n".repeat(101) }, 400, /name/i],
    ["an email over 254 characters", { email: `${"a".repeat(250)}@x.test` }, 400, /email/i],
    ["an invalid email", { email: "dana@" }, 400, /email/i],
    ["an email with a space", { email: "dana @northwind.test" }, 400, /email/i],
    ["a comment over 2,000 characters", { comment: "c".repeat(2001) }, 400, /comment/i],
    ["a NUL character", { comment: "hi\u0000there" }, 400, /comment/i],
    ["a line break in the name", { name: "Dana\nWhitfield" }, 400, /name/i],
    ["a non-numeric post id", { post_id: "abc" }, 400, /post/i],
    ["a zero post id", { post_id: "0" }, 400, /post/i],
    ["a negative post id", { post_id: "-4" }, 400, /post/i],
    ["a fractional post id", { post_id: "1.5" }, 400, /post/i],
    ["an unknown post", { post_id: "999999" }, 404, /post/i],
  ];

  it("answers a filled honeypot like a success, and stores nothing", async () => {
    const res = await post({ ...valid(), website: "http://spam.test" });
    expect(res.status).toBe(201);
    expect(await body(res)).toHaveProperty("comment");
    expect(await countComments()).toBe(0);
  });
  it.each(bad)("refuses %s and stores nothing", async (_label, change, status, message) => {
    const res = await post({ ...valid(), ...change });
    expect(res.status).toBe(status);
    const data = await body<{ error: string }>(res);
    expect(data.error).toMatch(message);
    expect(await countComments()).toBe(0);
  });

  it.each(["post_id", "name", "email", "comment"])("refuses a request without %s", async (field) => {
    const fields: Record<string, string> = valid();
    delete fields[field];
    const res = await post(fields);
    expect(res.status).toBe(400);
    expect(await body(res)).toHaveProperty("error");
    expect(await countComments()).toBe(0);
  });

  it("refuses malformed requests of every other kind, storing nothing", async () => {
    const cases: [RequestInit, number][] = [
      [{ method: "POST", headers: { "content-type": "text/plain" }, body: "hello" }, 415],
      [{ method: "POST", headers: { "content-type": "application/json" }, body: "{not json" }, 400],
      [{ method: "POST", headers: { "content-type": "application/json" }, body: "[1,2]" }, 400],
      [jsonReq({ ...valid(), name: { first: "x" } }), 400],
      [jsonReq({ ...valid(), name: ["a", "b"] }), 400],
      [
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `${new URLSearchParams(valid())}&name=again`,
        },
        400,
      ],
      [
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `comment=${"x".repeat(1_200_000)}`,
        },
        413,
      ],
      [{ ...form(valid()), headers: { ...form(valid()).headers, origin: "https://evil.test" } }, 403],
      [{ method: "GET" }, 405],
      [{ method: "PUT", ...{ headers: form(valid()).headers, body: form(valid()).body } }, 405],
    ];
    for (const [init, status] of cases) {
      const res = await sendComment(init);
      expect(res.status, JSON.stringify(init).slice(0, 120)).toBe(status);
      expect(await body(res)).toHaveProperty("error");
    }
    expect(await countComments()).toBe(0);
  });

  it("limits comments per client address in the database (429 with Retry-After)", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    try {
      const from = (ip: string) => post(valid(), { "x-forwarded-for": ip });
      for (let i = 0; i < 5; i++) expect((await from("203.0.113.7")).status).toBe(201);
      const limited = await from("203.0.113.7");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await body(limited)).toHaveProperty("error");
      expect(await countComments()).toBe(5);
      // Another visitor is not affected.
      expect((await from("198.51.100.9")).status).toBe(201);
      expect(await countComments()).toBe(6);
    } finally {
      process.env.RATE_LIMITS = "off";
      resetEnv();
    }
  });
});

describe("privacy", () => {
  it("no public answer ever carries a commenter's e-mail", async () => {
    await post(valid());
    await text(await api.call(getCommentsApi, { params: { postId: newest } }));
    await text(await api.call(getPostDetailApi, { params: { id: newest } }));
    await text(await api.call(getPostsApi));
    expect(publicBodies.length).toBeGreaterThan(20);
    for (const b of publicBodies) {
      expect(b).not.toContain("northwind.test");
      expect(b).not.toMatch(/"email"/);
    }
  });
});

describe("GET /api/get-posts paging", () => {
  it("pages with ?page= and refuses a malformed page", async () => {
    const res = await body<{ posts: unknown[]; page: number; hasMore: boolean }>(
      await api.call(getPostsApi, { query: { page: 1 } }),
    );
    expect(res.page).toBe(1);
    expect(res.hasMore).toBe(false);
    const empty = await body<{ posts: unknown[] }>(await api.call(getPostsApi, { query: { page: 2 } }));
    expect(empty.posts).toEqual([]);
    for (const p of ["0", "-1", "x", "100000"])
      expect((await api.call(getPostsApi, { query: { page: p } })).status).toBe(400);
  });
});
