/**
 * The publishing endpoints: add-post and update-post with status, schedule, slug and format; the
 * editor's preview and image upload; and the public endpoints, which never return a draft or a
 * post whose time has not come.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_WIDTH, mediaVariant } from "../../src/shared/common/media";
import { createApp } from "../../src/server/http/app";
import type { Storage } from "../../src/server/platform/storage/storage";
import {
  addPostApi,
  previewPostApi,
  updatePostApi,
  uploadPostImageApi,
} from "../../src/shared/blog/admin-api";
import { getCommentsApi, getPostDetailApi, getPostsApi } from "../../src/shared/blog/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { postForm } from "../helpers/dashboard-call";
import { pngBytes } from "../helpers/dashboard-fixtures";

let api: ApiHarness;
let storage: Storage;
beforeAll(async () => {
  api = await apiHarness();
  storage = await createApp(new Request("http://localhost:4321/"), undefined, api.ports).open.storage();
});
afterAll(() => api.close());

const base = { author: "Meera Iyer", category: "Networking", content: "## Plan\n\n- one\n- two" };
interface Post {
  id: number;
  slug: string;
  status: string;
  date: string;
  format: string;
}
async function add(fields: Record<string, string>) {
  const res = await api.call(addPostApi, { as: "admin", form: postForm({ ...base, ...fields }) });
  return { res, post: res.status < 300 ? ((await res.json()) as { post: Post }).post : undefined };
}
const publicTitles = async () =>
  ((await (await api.call(getPostsApi)).json()) as { posts: { title: string }[] }).posts.map((p) => p.title);

describe("drafts and schedules through the API", () => {
  it("keeps drafts and future posts out of every public endpoint", async () => {
    const live = (await add({ title: "Live API post" })).post!;
    expect(live).toMatchObject({ status: "published", format: "markdown", slug: "live-api-post" });
    const draft = (await add({ title: "Draft API post", status: "draft" })).post!;
    const future = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = (await add({ title: "Scheduled API post", status: "scheduled", publishAt: future }))
      .post!;
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.date).toBe(future);

    const titles = await publicTitles();
    expect(titles).toContain("Live API post");
    expect(titles).not.toContain("Draft API post");
    expect(titles).not.toContain("Scheduled API post");
    for (const p of [draft, scheduled]) {
      expect((await api.call(getPostDetailApi, { params: { id: p.id } })).status).toBe(404);
      expect((await api.call(getCommentsApi, { params: { postId: p.id } })).status).toBe(404);
    }
    const detail = (await (await api.call(getPostDetailApi, { params: { id: live.id } })).json()) as {
      html: string;
    };
    expect(detail.html).toContain('<h2 id="plan">Plan</h2>');

    // Unpublishing: the post leaves the public endpoints at once.
    const res = await api.call(updatePostApi, {
      as: "admin",
      form: postForm({ ...base, id: String(live.id), title: "Live API post", status: "draft" }),
    });
    expect(res.status).toBe(200);
    expect(await publicTitles()).not.toContain("Live API post");
    expect((await api.call(getPostDetailApi, { params: { id: live.id } })).status).toBe(404);
  });

  it("refuses a schedule in the past, a malformed one, and a taken or malformed address", async () => {
    const past = await add({ title: "Past", status: "scheduled", publishAt: "2020-01-01T00:00:00Z" });
    expect(past.res.status).toBe(400);
    expect(((await past.res.json()) as { error: string }).error).toMatch(/future/);
    expect((await add({ title: "No time", status: "scheduled" })).res.status).toBe(400);
    expect((await add({ title: "Bad time", status: "scheduled", publishAt: "tomorrow" })).res.status).toBe(
      400,
    );
    expect((await add({ title: "Bad slug", slug: "Not A Slug!" })).res.status).toBe(400);
    expect((await add({ title: "Digits", slug: "12345" })).res.status).toBe(400);
    expect((await add({ title: "Reserved", slug: "preview" })).res.status).toBe(400);
    await add({ title: "First", slug: "taken-address" });
    const taken = await add({ title: "Second", slug: "taken-address" });
    expect(taken.res.status).toBe(409);
    expect(((await taken.res.json()) as { error: string }).error).toMatch(/already used/);
  });
});

describe("POST /api/preview-post", () => {
  it("renders with the public page's renderer and sanitiser", async () => {
    const res = await api.call(previewPostApi, {
      as: "reader",
      body: { content: "## Hi\n\n<script>alert(1)</script>[x](javascript:alert(1))" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const { html } = (await res.json()) as { html: string };
    expect(html).toContain('<h2 id="hi">Hi</h2>');
    expect(html).not.toMatch(/<script|javascript:/);
  });
});

describe("POST /api/upload-post-image", () => {
  it("stores the picture like a banner, once, and answers its Markdown", async () => {
    const res = await api.call(uploadPostImageApi, {
      as: "admin",
      form: postForm({ alt: "Zone [map]" }, { image: [await pngBytes(2000, 800), "map.png", "image/png"] }),
    });
    expect(res.status).toBe(201);
    const { url, markdown } = (await res.json()) as { url: string; markdown: string };
    expect(url).toMatch(/^\/api\/media\/public\/[\w-]+\.webp$/);
    expect(markdown).toBe(`![Zone  map](${url})`);
    const key = url.replace("/api/media/", "");
    const original = await storage.get(key);
    expect(original).toBeTruthy();
    expect(original!.contentType).toBe("image/webp");
    expect(await storage.get(mediaVariant(key, MEDIA_WIDTH.banner))).toBeNull();
  });
});
