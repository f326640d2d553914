/**
 * A post's rendering is stored when it is saved (issue 35): reading it serves what was stored and
 * never renders Markdown; posts written without it (by SQL of their own, or before the rendering
 * was stored) are rendered by `npm run db:migrate` and shown as escaped text until then.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostInput } from "../../src/shared/blog/post-schemas";
import { getPostDetail, listPostBodies, listPosts } from "../../src/server/blog/posts";
import { createPost } from "../../src/server/blog/add-post";
import { updatePost } from "../../src/server/blog/update-post";
import { renderUnrenderedPosts } from "../../src/server/blog/rendering";
import type { Storage } from "../../src/server/platform/storage/storage";
import { pgliteDb, type TestDb } from "../helpers/db";
import { postInput } from "../helpers/posts";

const NOW = new Date("2026-03-01T10:00:00Z");
const noStorage = {} as Storage; // no images in these posts

let t: TestDb;
beforeAll(async () => {
  t = await pgliteDb();
});
afterAll(async () => t.close());

const input = (over: Partial<PostInput> = {}): PostInput =>
  postInput({
    title: "Right-sizing EC2 fleets",
    category: "Servers",
    content: "## Measure first\n\nLook at **p95** CPU, not the average.\n\n<script>alert(1)</script>",
    ...over,
  });

const deps = () => ({ db: t.db, storage: noStorage, now: () => NOW, raise: () => {} });
/** Who the audit trail names for the posts saved here. */
const actor = { userId: null, email: "editor@example.com", address: null };

describe("stored rendering of posts", () => {
  it("stores the HTML, headings and plain text when a post is added, and serves them as stored", async () => {
    const post = await createPost(deps(), actor, input(), {});
    const [row] = await t.db.query<{ rendered_html: string; plain_text: string }>(
      "SELECT rendered_html, plain_text FROM posts WHERE id = $1",
      [post.id],
    );
    expect(row!.rendered_html).toContain('<h2 id="measure-first">Measure first</h2>');
    expect(row!.rendered_html).toContain("<strong>p95</strong>");
    expect(row!.rendered_html).not.toContain("<script");
    expect(row!.plain_text).toBe("Measure first\n\nLook at p95 CPU, not the average.");

    // Reading serves the stored rendering: a change of the source behind the renderer's back shows
    // only once the post is saved again.
    await t.db.query("UPDATE posts SET content = '## Something else' WHERE id = $1", [post.id]);
    const detail = await getPostDetail({ db: t.db }, post.id, { now: NOW });
    expect(detail!.html).toContain("Measure first");
    expect(detail!.toc).toEqual([{ depth: 2, id: "measure-first", text: "Measure first" }]);
    expect(detail!.plain).toBe("Measure first\n\nLook at p95 CPU, not the average.");
    const list = await listPosts({ db: t.db }, { contentChars: 30, now: NOW });
    expect(list.posts.find((p) => p.id === post.id)!.content).toBe("Measure first Look at p95…");
    const feed = await listPostBodies({ db: t.db }, 20, NOW);
    expect(feed.find((f) => f.post.id === post.id)!.html).toContain("<strong>p95</strong>");
  });

  it("renders again when a post is edited", async () => {
    const post = await createPost(deps(), actor, input({ title: "Edited post" }), {});
    await updatePost(
      deps(),
      actor,
      post.id,
      input({ title: "Edited post", content: "## Cost\n\nNew *words*." }),
      {},
    );
    const detail = await getPostDetail({ db: t.db }, post.id, { now: NOW });
    expect(detail!.html).toBe('<h2 id="cost">Cost</h2>\n<p>New <em>words</em>.</p>');
    expect(detail!.plain).toBe("Cost\n\nNew words.");
  });

  it("shows a post never rendered as escaped text, until db:migrate renders it", async () => {
    const [raw] = await t.db.query<{ id: number }>(
      `INSERT INTO posts (title, author, content, category, format, date)
       VALUES ('Raw', 'A', '## Raw <b>heading</b>', 'Servers', 'markdown', $1) RETURNING id`,
      [new Date(NOW.getTime() - 60_000).toISOString()],
    );
    const before = await getPostDetail({ db: t.db }, raw!.id, { now: NOW });
    expect(before!.html).toBe("<p>## Raw &lt;b&gt;heading&lt;/b&gt;</p>");
    expect(await renderUnrenderedPosts(t.db)).toBe(1);
    const after = await getPostDetail({ db: t.db }, raw!.id, { now: NOW });
    expect(after!.html).toBe('<h2 id="raw-heading">Raw heading</h2>');
    expect(await renderUnrenderedPosts(t.db)).toBe(0);
  });
});
