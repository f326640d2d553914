/**
 * Staff-side blog: the posts table, the rules a saved post follows (its address, its status and
 * date), deleting a post with its images, and moderating a post's comments. Adding and editing
 * are add-post.ts and update-post.ts; the pictures are post-images.ts.
 */
import { slugify, type Category } from "../../shared/blog/blog";
import type { PostInput, PostStatus } from "../../shared/blog/post-schemas";
import type { Deps } from "../common/deps";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import { Conflict, Invalid, NotFound } from "../common/errors";
import type { Db } from "../platform/db/db";
import { mediaUrl } from "../platform/storage/storage";
import { postTags } from "./cache-tags";
import { removeObjects, type ImageKeys } from "./post-images";

export const ADMIN_POSTS_PER_PAGE = 20;
export const COMMENTS_PER_PAGE = 50;

export interface AdminPost {
  id: number;
  slug: string;
  format: "text" | "markdown";
  /** draft, scheduled (published with a date still ahead) or published. */
  status: PostStatus;
  title: string;
  author: string;
  category: Category;
  date: string;
  content: string;
  image1: string | null;
  image2: string | null;
  commentCount: number;
}

export interface PostRow {
  id: number;
  slug: string;
  format: "text" | "markdown";
  status: "draft" | "published";
  title: string;
  author: string;
  category: Category;
  date: Date | string;
  content: string;
  image1: string | null;
  image2: string | null;
  comment_count?: number;
  [k: string]: unknown;
}

/** A post's status as staff read it: draft, scheduled (published with a date still ahead) or published. */
export const shownStatus = (status: string, date: Date | string, now: Date): AdminPost["status"] =>
  status === "draft" ? "draft" : new Date(date) > now ? "scheduled" : "published";

/** The audit trail reads a post's status as the screen shows it (a scheduled post is not published yet). */
export const postAuditView = (row: Record<string, unknown>, now: Date) => ({
  ...row,
  status: shownStatus(String(row.status), row.date as Date | string, now),
});

export function toAdminPost(r: PostRow, now: Date): AdminPost {
  return {
    id: r.id,
    slug: r.slug,
    format: r.format,
    status: shownStatus(r.status, r.date, now),
    title: r.title,
    author: r.author,
    category: r.category,
    date: new Date(r.date).toISOString(),
    content: r.content,
    image1: mediaUrl(r.image1),
    image2: mediaUrl(r.image2),
    commentCount: Number(r.comment_count ?? 0),
  };
}

/** The editor's fields and the new images' keys, in the column order both writes use. */
export const postValues = (input: PostInput, keys: ImageKeys) => [
  input.title,
  input.author,
  input.category,
  input.content,
  keys.image1 ?? null,
  keys.image2 ?? null,
];

export const RETURNING = "id, slug, format, status, title, author, category, date, content, image1, image2";

export async function listAdminPosts({ db, now }: Pick<Deps, "db" | "now">, page: number) {
  const rows = await db.query<PostRow>(
    `SELECT p.id, p.slug, p.format, p.status, p.title, p.author, p.category, p.date, p.content, p.image1, p.image2,
            (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id AND c.status = 'published') AS comment_count
       FROM posts p ORDER BY p.date DESC, p.id DESC LIMIT $1 OFFSET $2`,
    [ADMIN_POSTS_PER_PAGE + 1, (page - 1) * ADMIN_POSTS_PER_PAGE],
  );
  const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts")) as [{ n: number }];
  return {
    posts: rows.slice(0, ADMIN_POSTS_PER_PAGE).map((r) => toAdminPost(r, now())),
    page,
    pageSize: ADMIN_POSTS_PER_PAGE,
    total: n,
    hasMore: rows.length > ADMIN_POSTS_PER_PAGE,
  };
}

export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23505";
const SLUG_TAKEN = "This address is already used by another post. Please choose another.";

/** A write that broke the unique slug: the Conflict the editor sees (else undefined). */
export const slugClash = (err: unknown) => (isUniqueViolation(err) ? new Conflict(SLUG_TAKEN) : undefined);

/**
 * The slug a post gets: the one asked for (409 when another post has it), else one made from the
 * title, with -2, -3... added until it is free. Addresses other posts had before are free to take.
 */
export async function chooseSlug(db: Db, input: PostInput, id: number | null, current: string | null) {
  if (input.slug) {
    const taken = await db.query("SELECT 1 FROM posts WHERE slug = $1 AND id IS DISTINCT FROM $2", [
      input.slug,
      id,
    ]);
    if (taken.length) throw new Conflict(SLUG_TAKEN);
    return input.slug;
  }
  if (current) return current;
  const base = slugify(input.title);
  const rows = await db.query<{ slug: string }>(
    "SELECT slug FROM posts WHERE (slug = $1 OR slug LIKE $1 || '-%') AND id IS DISTINCT FROM $2",
    [base, id],
  );
  const used = new Set(rows.map((r) => r.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base.slice(0, 70)}-${n}`;
  return slug;
}

/**
 * The stored status and date for what the editor asked: a draft keeps its date; publishing a post
 * that is not yet public dates it now; scheduling needs a moment still ahead.
 */
export function schedule(
  input: PostInput,
  now: Date,
  old: { status: "draft" | "published"; date: Date } | null,
): { status: "draft" | "published"; date: Date } {
  const wanted =
    input.status ??
    (old ? (old.status === "draft" ? "draft" : old.date > now ? "scheduled" : "published") : "published");
  if (wanted === "draft") return { status: "draft", date: old?.date ?? now };
  if (wanted === "scheduled") {
    const at =
      input.publishAt ?? (old && old.status === "published" && old.date > now ? old.date : undefined);
    if (!at) throw new Invalid("Choose the date and time to publish at.");
    if (at.getTime() <= now.getTime())
      throw new Invalid("The publication time must be in the future. To publish now, choose Published.");
    return { status: "published", date: at };
  }
  const live = old && old.status === "published" && old.date <= now;
  return { status: "published", date: live ? old.date : now };
}

/** Deletes a post with its comments (the schema cascades) and then its images; its pages are purged. */
export async function deletePost(
  deps: Pick<Deps, "db" | "storage" | "now" | "raise">,
  actor: Actor,
  id: number,
): Promise<void> {
  const spec = {
    action: "post.delete" as const,
    entity: "post",
    id,
    table: "posts",
    fields: AUDIT_FIELDS.posts,
    view: postAuditView,
  };
  await recordAudited(deps, actor, spec, async (deps) => {
    const [row] = await deps.db.transaction((tx) =>
      tx.query<{ image1: string | null; image2: string | null }>(
        "DELETE FROM posts WHERE id = $1 RETURNING image1, image2",
        [id],
      ),
    );
    if (!row) throw new NotFound("This post no longer exists.");
    await removeObjects(deps.storage, [row.image1, row.image2]);
    deps.raise({ purge: postTags(id) });
  });
}

export interface StaffComment {
  id: number;
  postId: number;
  name: string;
  email: string;
  comment: string;
  date: string;
}

/**
 * A post's published comments for staff, with the e-mail the public never sees; newest first,
 * paged. Held ones are in the moderation queue (src/server/blog/moderation.ts).
 */
export async function listPostComments({ db }: Pick<Deps, "db">, postId: number, page: number) {
  const post = await db.query<{ title: string }>("SELECT title FROM posts WHERE id = $1", [postId]);
  if (post.length === 0) throw new NotFound("This post no longer exists.");
  const rows = await db.query<{
    id: number;
    post_id: number;
    name: string;
    email: string;
    comment: string;
    date: Date | string;
  }>(
    `SELECT id, post_id, name, coalesce(email, '') AS email, comment, date FROM comments WHERE post_id = $1 AND status = 'published'
      ORDER BY date DESC, id DESC LIMIT $2 OFFSET $3`,
    [postId, COMMENTS_PER_PAGE + 1, (page - 1) * COMMENTS_PER_PAGE],
  );
  const comments: StaffComment[] = rows.slice(0, COMMENTS_PER_PAGE).map((r) => ({
    id: r.id,
    postId: r.post_id,
    name: r.name,
    email: r.email,
    comment: r.comment,
    date: new Date(r.date).toISOString(),
  }));
  return { postId, title: post[0]!.title, comments, page, hasMore: rows.length > COMMENTS_PER_PAGE };
}

/** Deletes one comment (its post's pages are purged); returns the post it belonged to. */
export async function deleteComment(
  deps: Pick<Deps, "db" | "now" | "raise">,
  actor: Actor,
  id: number,
): Promise<number> {
  const spec = {
    action: "comment.delete" as const,
    entity: "comment",
    id,
    table: "comments",
    fields: AUDIT_FIELDS.comments,
  };
  return recordAudited(deps, actor, spec, async (deps) => {
    const [row] = await deps.db.transaction((tx) =>
      tx.query<{ post_id: number }>("DELETE FROM comments WHERE id = $1 RETURNING post_id", [id]),
    );
    if (!row) throw new NotFound("This comment no longer exists.");
    deps.raise({ purge: postTags(row.post_id) });
    return row.post_id;
  });
}
