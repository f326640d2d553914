/** Blog posts: the queries the public pages and the API share. */
import { type Category, MAX_LIST_PAGE, POSTS_PER_PAGE, summarize } from "../../shared/blog/blog";
import { type PostLink, type PublicPost } from "../../shared/blog/api";
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";
import type { TocEntry } from "../../shared/blog/api";
import { textToHtml } from "../common/text-html";
import { mediaUrl } from "../platform/storage/storage";

interface PostRow {
  id: number;
  slug: string;
  format: "text" | "markdown";
  title: string;
  author: string;
  date: Date | string;
  content: string;
  image1: string | null;
  image2: string | null;
  category: Category;
  /** The stored rendering (src/server/blog/rendering.ts); NULL until the post is rendered. */
  rendered_html?: string | null;
  rendered_toc?: TocEntry[] | string | null;
  plain_text?: string | null;
  [k: string]: unknown;
}

const COLUMNS = "id, slug, format, title, author, date, content, image1, image2, category";
const RENDERED = "rendered_html, rendered_toc, plain_text";

/**
 * A post's body as stored when it was saved: HTML, headings and plain text. A post never rendered
 * (written by SQL of its own, before `npm run db:migrate` rendered it) shows its source as
 * escaped paragraphs: reading never runs the Markdown renderer.
 */
function storedBody(r: PostRow): { html: string; toc: TocEntry[]; plain: string } {
  if (r.rendered_html == null) return { html: textToHtml(r.content), toc: [], plain: r.content };
  const toc =
    typeof r.rendered_toc === "string" ? (JSON.parse(r.rendered_toc) as TocEntry[]) : r.rendered_toc;
  return { html: r.rendered_html, toc: toc ?? [], plain: r.plain_text ?? r.content };
}

/**
 * What the public may see: published posts whose date has come. Drafts and scheduled posts are
 * left out of every public query; `$n` is the moment to judge by (now).
 */
export const publicWhere = (n: number, alias = "") =>
  `${alias}status = 'published' AND ${alias}date <= $${n}`;

export function toPublicPost(r: PostRow): PublicPost {
  return {
    id: r.id,
    slug: r.slug,
    format: r.format,
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
  /** The moment that decides which posts are public; now by default. */
  now?: Date;
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
export async function listPosts({ db }: Pick<Deps, "db">, opts: ListOptions = {}): Promise<PostPage> {
  const perPage = opts.perPage ?? POSTS_PER_PAGE;
  const page = Math.min(MAX_PAGE, Math.max(1, Math.trunc(opts.page ?? 1)));
  const params: unknown[] = [perPage + 1, (page - 1) * perPage, (opts.now ?? new Date()).toISOString()];
  let where = `WHERE ${publicWhere(3)}`;
  if (opts.category) {
    params.push(opts.category);
    where += ` AND category = $${params.length}`;
  }
  let columns = COLUMNS;
  const chars = opts.contentChars === undefined ? undefined : Math.max(0, Math.trunc(opts.contentChars));
  if (chars !== undefined) {
    // The excerpt is cut from the stored plain text (the source, for a post never rendered).
    params.push(chars * 3);
    columns = COLUMNS.replace("content", `left(COALESCE(plain_text, content), $${params.length}) AS content`);
  }
  const rows = await db.query<PostRow>(
    `SELECT ${columns} FROM posts ${where} ORDER BY date DESC, id DESC LIMIT $1 OFFSET $2`,
    params,
  );
  const posts = rows.slice(0, perPage).map(toPublicPost);
  if (chars !== undefined) {
    for (const p of posts) p.content = summarize(p.content, chars);
  }
  return { posts, page, hasMore: rows.length > perPage };
}

/** The newest public posts with their stored bodies (HTML and plain text), for the feed. */
export async function listPostBodies(
  { db }: Pick<Deps, "db">,
  limit: number,
  now = new Date(),
): Promise<{ post: PublicPost; html: string; plain: string }[]> {
  const rows = await db.query<PostRow>(
    `SELECT ${COLUMNS}, ${RENDERED} FROM posts WHERE ${publicWhere(2)} ORDER BY date DESC, id DESC LIMIT $1`,
    [limit, now.toISOString()],
  );
  return rows.map((r) => {
    const { html, plain } = storedBody(r);
    return { post: toPublicPost(r), html, plain };
  });
}

/**
 * The stored preview of post `id`'s banner (banner-preview.ts), or null when it has none (no banner, not made yet, or
 * the banner could not be read).
 */
export async function storedBannerPreview({ db }: Pick<Deps, "db">, id: number): Promise<string | null> {
  const [row] = await db.query<{ image2_preview: string | null }>(
    "SELECT image2_preview FROM posts WHERE id = $1 AND image2 IS NOT NULL",
    [id],
  );
  return row?.image2_preview || null;
}

/** Titles of the newest posts, for sidebars. */
export async function listPostLinks(
  { db }: Pick<Deps, "db">,
  limit: number,
  now = new Date(),
): Promise<PostLink[]> {
  const rows = await db.query<LinkRow>(
    `SELECT id, slug, title, date FROM posts WHERE ${publicWhere(2)} ORDER BY date DESC, id DESC LIMIT $1`,
    [limit, now.toISOString()],
  );
  return rows.map(toLink);
}

interface LinkRow {
  id: number;
  slug: string;
  title: string;
  date: Date | string;
  [k: string]: unknown;
}

function toLink(r: LinkRow): PostLink {
  return { id: r.id, slug: r.slug, title: r.title, date: new Date(r.date).toISOString() };
}

export interface PostDetail {
  post: PublicPost;
  /** draft, scheduled or published (only previews show the first two). */
  state: "draft" | "scheduled" | "published";
  /** The body as sanitised HTML (plain-text posts as escaped paragraphs). */
  html: string;
  /** The post's headings (levels 2-4), for its table of contents. */
  toc: TocEntry[];
  /** The words of the post (Markdown syntax left out): for its description. Not in the API. */
  plain: string;
  /** The post published just before this one (older), if any. */
  previous: PostLink | null;
  /** The post published just after this one (newer), if any. */
  next: PostLink | null;
}

export type PostKey = { id: number } | { slug: string };

/**
 * One public post with its neighbours in publication order; null when there is no such public
 * post. With `preview`, drafts and scheduled posts are found too (for signed-in staff), and their
 * neighbours are still only public posts.
 */
export async function getPostDetail(
  { db }: Pick<Deps, "db">,
  key: number | PostKey,
  opts: { now?: Date; preview?: boolean } = {},
): Promise<PostDetail | null> {
  const k: PostKey = typeof key === "number" ? { id: key } : key;
  const now = (opts.now ?? new Date()).toISOString();
  const [row] = await db.query<PostRow>(
    `SELECT ${COLUMNS}, ${RENDERED}, status FROM posts WHERE ${"id" in k ? "id = $1" : "slug = $1"}
        AND (${opts.preview ? "$2::timestamptz IS NOT NULL" : publicWhere(2)})`,
    ["id" in k ? k.id : k.slug, now],
  );
  if (!row) return null;
  // Row comparisons walk the (date DESC, id DESC) index from the post's position. The position is
  // read in SQL: a JavaScript Date would drop the microseconds of the stored timestamp.
  const at = "(SELECT date, id FROM posts WHERE id = $1)";
  const [previous, next] = await Promise.all([
    db.query<LinkRow>(
      `SELECT id, slug, title, date FROM posts WHERE (date, id) < ${at} AND ${publicWhere(2)}
        ORDER BY date DESC, id DESC LIMIT 1`,
      [row.id, now],
    ),
    db.query<LinkRow>(
      `SELECT id, slug, title, date FROM posts WHERE (date, id) > ${at} AND ${publicWhere(2)}
        ORDER BY date ASC, id ASC LIMIT 1`,
      [row.id, now],
    ),
  ]);
  const post = toPublicPost(row);
  const { html, toc, plain } = storedBody(row);
  const state =
    row.status === "draft"
      ? "draft"
      : new Date(row.date).getTime() > Date.parse(now)
        ? "scheduled"
        : "published";
  return {
    post,
    state,
    html,
    toc,
    plain,
    previous: previous[0] ? toLink(previous[0]) : null,
    next: next[0] ? toLink(next[0]) : null,
  };
}

/** Whether a post exists and is public now. */
export async function postExists({ db }: Pick<Deps, "db">, id: number, now = new Date()): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM posts WHERE id = $1 AND ${publicWhere(2)}`, [
    id,
    now.toISOString(),
  ]);
  return rows.length > 0;
}

/** The current slug of a public post, by its id or by an address it had before; null if none. */
export async function findPostSlug(
  { db }: Pick<Deps, "db">,
  key: PostKey,
  now = new Date(),
): Promise<string | null> {
  const rows =
    "id" in key
      ? await db.query<{ slug: string }>(`SELECT slug FROM posts WHERE id = $1 AND ${publicWhere(2)}`, [
          key.id,
          now.toISOString(),
        ])
      : await db.query<{ slug: string }>(
          `SELECT p.slug FROM post_slugs o JOIN posts p ON p.id = o.post_id
            WHERE o.slug = $1 AND ${publicWhere(2, "p.")}`,
          [key.slug, now.toISOString()],
        );
  return rows[0]?.slug ?? null;
}

/**
 * How long a cached public blog page may be kept: until the next scheduled post becomes public
 * (so it never stays hidden past its time), at most `max` seconds, at least one.
 */
export async function secondsUntilNextPost(
  { db }: Pick<Deps, "db">,
  max: number,
  now = new Date(),
): Promise<number> {
  const [row] = await db.query<{ next: Date | string | null }>(
    "SELECT min(date) AS next FROM posts WHERE status = 'published' AND date > $1",
    [now.toISOString()],
  );
  if (!row?.next) return max;
  const s = Math.ceil((new Date(row.next).getTime() - now.getTime()) / 1000);
  return Math.max(1, Math.min(max, s));
}

/** Public posts for the sitemap: each one's address and when it last changed. */
export async function listPostPages(
  { db }: Pick<Deps, "db">,
  now = new Date(),
): Promise<{ slug: string; updated_at: string }[]> {
  // Drafts and scheduled posts are listed once they are published.
  const rows = await db.query<{ slug: string; updated_at: Date | string }>(
    `SELECT slug, updated_at FROM posts WHERE ${publicWhere(1)} ORDER BY id`,
    [now.toISOString()],
  );
  return rows.map((r) => ({ slug: r.slug, updated_at: new Date(r.updated_at).toISOString() }));
}

/**
 * A public post as its API answers it (not its plain text; NotFound when there is none), and how
 * long that answer holds: its previous/next links change when a scheduled post goes public.
 */
export async function postDetailAnswer(deps: Pick<Deps, "db" | "now">, id: number) {
  const detail = await getPostDetail(deps, id, { now: deps.now() });
  if (!detail) throw new NotFound("No post found.");
  const { plain: _plain, ...answer } = detail;
  return { answer, maxAge: await secondsUntilNextPost(deps, 300, deps.now()) };
}
