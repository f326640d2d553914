/** Blog posts: the queries the public pages and the API share. */
import { type Category, type PostLink, type PublicPost, MAX_LIST_PAGE, POSTS_PER_PAGE } from "../lib/blog";
import type { Db } from "./db";
import { mediaUrl } from "./storage";

interface PostRow {
  id: number;
  title: string;
  author: string;
  date: Date | string;
  content: string;
  image1: string | null;
  image2: string | null;
  category: Category;
  [k: string]: unknown;
}

const COLUMNS = "id, title, author, date, content, image1, image2, category";

export function toPublicPost(r: PostRow): PublicPost {
  return {
    id: r.id,
    title: r.title,
    author: r.author,
    date: new Date(r.date).toISOString(),
    content: r.content,
    image1: mediaUrl(r.image1),
    image2: mediaUrl(r.image2),
    category: r.category,
  };
}

/** The largest page number a list accepts; deeper OFFSETs would only be scans for robots. */
export const MAX_PAGE = MAX_LIST_PAGE;

export interface ListOptions {
  category?: Category | undefined;
  page?: number;
  perPage?: number;
  /**
   * Return only the first N characters of each post's content (an excerpt for lists), so a list
   * never carries whole articles it does not show.
   */
  contentChars?: number;
}

export interface PostPage {
  posts: PublicPost[];
  page: number;
  hasMore: boolean;
}

/**
 * Newest first, paged with LIMIT/OFFSET on the (date, id) index (or (category, date, id) when
 * filtered), so a page costs the same at 10 posts and at 10,000; one extra row tells if more exist.
 */
export async function listPosts(db: Db, opts: ListOptions = {}): Promise<PostPage> {
  const perPage = opts.perPage ?? POSTS_PER_PAGE;
  const page = Math.min(MAX_PAGE, Math.max(1, Math.trunc(opts.page ?? 1)));
  const params: unknown[] = [perPage + 1, (page - 1) * perPage];
  let where = "";
  if (opts.category) {
    params.push(opts.category);
    where = `WHERE category = $${params.length}`;
  }
  let columns = COLUMNS;
  if (opts.contentChars !== undefined) {
    params.push(Math.max(0, Math.trunc(opts.contentChars)));
    columns = COLUMNS.replace("content", `left(content, $${params.length}) AS content`);
  }
  const rows = await db.query<PostRow>(
    `SELECT ${columns} FROM posts ${where} ORDER BY date DESC, id DESC LIMIT $1 OFFSET $2`,
    params,
  );
  return { posts: rows.slice(0, perPage).map(toPublicPost), page, hasMore: rows.length > perPage };
}

/** Titles of the newest posts, for sidebars. */
export async function listPostLinks(db: Db, limit: number): Promise<PostLink[]> {
  const rows = await db.query<{ id: number; title: string; date: Date | string }>(
    "SELECT id, title, date FROM posts ORDER BY date DESC, id DESC LIMIT $1",
    [limit],
  );
  return rows.map(toLink);
}

function toLink(r: { id: number; title: string; date: Date | string }): PostLink {
  return { id: r.id, title: r.title, date: new Date(r.date).toISOString() };
}

export interface PostDetail {
  post: PublicPost;
  /** The post published just before this one (older), if any. */
  previous: PostLink | null;
  /** The post published just after this one (newer), if any. */
  next: PostLink | null;
}

/** One post with its neighbours in publication order; null when there is no such post. */
export async function getPostDetail(db: Db, id: number): Promise<PostDetail | null> {
  const [row] = await db.query<PostRow>(`SELECT ${COLUMNS} FROM posts WHERE id = $1`, [id]);
  if (!row) return null;
  // Row comparisons walk the (date DESC, id DESC) index from the post's position. The position is
  // read in SQL: a JavaScript Date would drop the microseconds of the stored timestamp.
  const at = "(SELECT date, id FROM posts WHERE id = $1)";
  const [previous, next] = await Promise.all([
    db.query<{ id: number; title: string; date: Date | string }>(
      `SELECT id, title, date FROM posts WHERE (date, id) < ${at} ORDER BY date DESC, id DESC LIMIT 1`,
      [id],
    ),
    db.query<{ id: number; title: string; date: Date | string }>(
      `SELECT id, title, date FROM posts WHERE (date, id) > ${at} ORDER BY date ASC, id ASC LIMIT 1`,
      [id],
    ),
  ]);
  return {
    post: toPublicPost(row),
    previous: previous[0] ? toLink(previous[0]) : null,
    next: next[0] ? toLink(next[0]) : null,
  };
}

export async function postExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM posts WHERE id = $1", [id]);
  return rows.length > 0;
}
