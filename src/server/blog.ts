/** Blog posts: the queries the public pages and the API share. */
import { type Category, type PublicPost, POSTS_PER_PAGE } from "../lib/blog";
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

export interface ListOptions {
  category?: Category | undefined;
  page?: number;
  perPage?: number;
}

export interface PostPage {
  posts: PublicPost[];
  page: number;
  hasMore: boolean;
}

/** Newest first, paged with LIMIT/OFFSET on the (date, id) index; one extra row tells if more exist. */
export async function listPosts(db: Db, opts: ListOptions = {}): Promise<PostPage> {
  const perPage = opts.perPage ?? POSTS_PER_PAGE;
  const page = Math.max(1, opts.page ?? 1);
  const params: unknown[] = [perPage + 1, (page - 1) * perPage];
  let where = "";
  if (opts.category) {
    params.push(opts.category);
    where = "WHERE category = $3";
  }
  const rows = await db.query<PostRow>(
    `SELECT ${COLUMNS} FROM posts ${where} ORDER BY date DESC, id DESC LIMIT $1 OFFSET $2`,
    params,
  );
  return { posts: rows.slice(0, perPage).map(toPublicPost), page, hasMore: rows.length > perPage };
}
