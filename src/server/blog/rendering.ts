/**
 * A post's rendering is stored with it (db/013_post_rendering.sql): rendered here when the post is
 * saved, so that reading it (the post page, the feed, the API) needs no Markdown renderer. Only
 * the functions that save posts, the preview and the operator's scripts import this file.
 */
import type { Db } from "../platform/db/db";
import { plainText, renderPost } from "../common/markdown";
import { type PostFormat } from "../../shared/blog/rendered-post";

/** Stores the rendering of post `id` from its content, on the caller's transaction `tx`. */
export async function storeRendering(tx: Db, id: number, content: string, format: PostFormat): Promise<void> {
  const { html, toc } = renderPost(content, format);
  await tx.query(
    "UPDATE posts SET rendered_html = $2, rendered_toc = $3::jsonb, plain_text = $4 WHERE id = $1",
    [id, html, JSON.stringify(toc), plainText(content, format)],
  );
}

/**
 * Renders every post that has no stored rendering yet (posts saved before it was stored, or
 * written by SQL of their own), in batches. Answers how many were rendered.
 */
export async function renderUnrenderedPosts(db: Db, batch = 200): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db.query<{ id: number; content: string; format: PostFormat }>(
      "SELECT id, content, format FROM posts WHERE rendered_html IS NULL ORDER BY id LIMIT $1",
      [batch],
    );
    for (const r of rows) await storeRendering(db, r.id, r.content, r.format);
    done += rows.length;
    if (rows.length < batch) return done;
  }
}
