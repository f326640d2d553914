/**
 * Staff-side blog: adding, editing and deleting posts with their two optional images, and
 * moderating a post's comments. Images are optimised (at most 1600 px wide, WebP) before they
 * are stored; a file is stored only after validation and removed again when the row is not
 * written, and a replaced or deleted image is removed only after the row no longer points at it.
 */
import { slugify, type Category } from "../../shared/blog/blog";
import type { PostInput, PostStatus } from "../../shared/blog/post-schemas";
import type { Db } from "../platform/db/db";
import { badRequest, HttpError, notFound } from "../http/http";
import { log } from "../platform/log";
import { MEDIA_WIDTH } from "../../shared/common/media";
import { storeVariant, withVariants } from "../platform/images/media-variants";
import { mediaUrl, newKey, type Storage } from "../platform/storage/storage";
import type { CheckedFile } from "../common/files";

export const ADMIN_POSTS_PER_PAGE = 20;
export const COMMENTS_PER_PAGE = 50;
export const MAX_IMAGE_WIDTH = 1600;

export interface BlogAdminDeps {
  db: Db;
  storage: Storage;
  now: Date;
}

export interface PostImages {
  image1?: CheckedFile | undefined;
  image2?: CheckedFile | undefined;
}

const IMAGE_LABELS = { image1: "Profile Image", image2: "Banner Image" } as const;
/** The narrower copy stored with each image: avatars are shown at 32-44 px, banners in cards. */
const IMAGE_COPY_WIDTH = { image1: MEDIA_WIDTH.avatar, image2: MEDIA_WIDTH.banner } as const;

/** Re-encodes an image as WebP, at most 1600 px wide; unreadable pictures are a 400. */
export async function optimiseImage(bytes: Uint8Array, label: string): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  try {
    const out = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" })
      .rotate()
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return new Uint8Array(out);
  } catch {
    throw badRequest(`${label} could not be read as a picture. Please choose another file.`);
  }
}

/**
 * Optimises and stores the given images, each with its narrower copy; returns their new keys.
 * Nothing is stored on error.
 */
async function storeImages(storage: Storage, images: PostImages) {
  const slots = (["image1", "image2"] as const).filter((s) => images[s]);
  const optimised = await Promise.all(slots.map((s) => optimiseImage(images[s]!.bytes, IMAGE_LABELS[s])));
  const keys: { image1?: string; image2?: string } = {};
  try {
    for (const [i, slot] of slots.entries()) {
      const key = newKey("public", "webp");
      keys[slot] = key;
      await storage.put(key, optimised[i]!, "image/webp");
      await storeVariant(storage, key, optimised[i]!, IMAGE_COPY_WIDTH[slot]);
    }
  } catch (err) {
    await removeObjects(storage, Object.values(keys));
    throw err;
  }
  return keys;
}

/**
 * Stores a picture for a post's text like a banner (WebP, at most 1600 px, with its narrower copy);
 * returns its public URL, which the post's Markdown names.
 */
export async function storePostImage(storage: Storage, image: CheckedFile): Promise<string> {
  const keys = await storeImages(storage, { image2: image });
  return mediaUrl(keys.image2)!;
}

/**
 * Best-effort removal of images and their copies: a leftover object is logged, never an error for
 * the person editing.
 */
export async function removeObjects(storage: Storage, keys: (string | null | undefined)[]) {
  for (const key of keys.flatMap((k) => (k ? withVariants(k) : []))) {
    await storage
      .delete(key)
      .catch((err: unknown) => log.warn("object removal failed", { error: String(err) }));
  }
}

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

interface PostRow {
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

function toAdminPost(r: PostRow, now: Date): AdminPost {
  const date = new Date(r.date);
  return {
    id: r.id,
    slug: r.slug,
    format: r.format,
    status: r.status === "draft" ? "draft" : date > now ? "scheduled" : "published",
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

const RETURNING = "id, slug, format, status, title, author, category, date, content, image1, image2";

export async function listAdminPosts(db: Db, page: number, now = new Date()) {
  const rows = await db.query<PostRow>(
    `SELECT p.id, p.slug, p.format, p.status, p.title, p.author, p.category, p.date, p.content, p.image1, p.image2,
            (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id) AS comment_count
       FROM posts p ORDER BY p.date DESC, p.id DESC LIMIT $1 OFFSET $2`,
    [ADMIN_POSTS_PER_PAGE + 1, (page - 1) * ADMIN_POSTS_PER_PAGE],
  );
  const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts")) as [{ n: number }];
  return {
    posts: rows.slice(0, ADMIN_POSTS_PER_PAGE).map((r) => toAdminPost(r, now)),
    page,
    pageSize: ADMIN_POSTS_PER_PAGE,
    total: n,
    hasMore: rows.length > ADMIN_POSTS_PER_PAGE,
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23505";
const SLUG_TAKEN = "This address is already used by another post. Please choose another.";

/**
 * The slug a post gets: the one asked for (409 when another post has it), else one made from the
 * title, with -2, -3... added until it is free. Addresses other posts had before are free to take.
 */
async function chooseSlug(db: Db, input: PostInput, id: number | null, current: string | null) {
  if (input.slug) {
    const taken = await db.query("SELECT 1 FROM posts WHERE slug = $1 AND id IS DISTINCT FROM $2", [
      input.slug,
      id,
    ]);
    if (taken.length) throw new HttpError(409, SLUG_TAKEN);
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
function schedule(
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
    if (!at) throw badRequest("Choose the date and time to publish at.");
    if (at.getTime() <= now.getTime())
      throw badRequest("The publication time must be in the future. To publish now, choose Published.");
    return { status: "published", date: at };
  }
  const live = old && old.status === "published" && old.date <= now;
  return { status: "published", date: live ? old.date : now };
}

export async function createPost(deps: BlogAdminDeps, input: PostInput, images: PostImages) {
  const keys = await storeImages(deps.storage, images);
  try {
    const { status, date } = schedule(input, deps.now, null);
    // Two posts with one title saved at the same moment may pick the same free slug: the loser of
    // that race picks again (a slug the editor chose is a 409 instead).
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await deps.db.transaction(async (tx) => {
          const slug = await chooseSlug(tx, input, null, null);
          // An address a deleted or renamed post had is taken over by this post.
          await tx.query("DELETE FROM post_slugs WHERE slug = $1", [slug]);
          const [created] = await tx.query<PostRow>(
            `INSERT INTO posts (title, author, category, content, image1, image2, date, created_at, updated_at,
                                slug, status, format)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11) RETURNING ${RETURNING}`,
            [
              input.title,
              input.author,
              input.category,
              input.content,
              keys.image1 ?? null,
              keys.image2 ?? null,
              date.toISOString(),
              deps.now.toISOString(),
              slug,
              status,
              input.format ?? "markdown",
            ],
          );
          return created!;
        });
        return toAdminPost(row, deps.now);
      } catch (err) {
        if (!isUniqueViolation(err) || input.slug || attempt >= 10) throw err;
      }
    }
  } catch (err) {
    await removeObjects(deps.storage, [keys.image1, keys.image2]);
    if (isUniqueViolation(err)) throw new HttpError(409, SLUG_TAKEN);
    throw err;
  }
}

/**
 * Updates a post; an image sent replaces the old one, whose object is removed afterwards. A new
 * slug keeps the old one answering with a redirect. Returns the post and the slugs whose pages
 * changed (for purging).
 */
export async function updatePost(deps: BlogAdminDeps, id: number, input: PostInput, images: PostImages) {
  const exists = await deps.db.query("SELECT 1 FROM posts WHERE id = $1", [id]);
  if (exists.length === 0) throw notFound("This post no longer exists.");
  const keys = await storeImages(deps.storage, images);
  let replaced: (string | null)[] = [];
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [old] = await tx.query<{
        image1: string | null;
        image2: string | null;
        slug: string;
        status: "draft" | "published";
        date: Date | string;
      }>("SELECT image1, image2, slug, status, date FROM posts WHERE id = $1 FOR UPDATE", [id]);
      if (!old) throw notFound("This post no longer exists.");
      const { status, date } = schedule(input, deps.now, { status: old.status, date: new Date(old.date) });
      const slug = await chooseSlug(tx, input, id, old.slug);
      if (slug !== old.slug) {
        await tx.query("DELETE FROM post_slugs WHERE slug = $1", [slug]);
        await tx.query(
          "INSERT INTO post_slugs (slug, post_id) VALUES ($1, $2) ON CONFLICT (slug) DO UPDATE SET post_id = $2",
          [old.slug, id],
        );
      }
      const [updated] = await tx.query<PostRow>(
        `UPDATE posts SET title = $2, author = $3, category = $4, content = $5,
                image1 = COALESCE($6, image1), image2 = COALESCE($7, image2), updated_at = $8,
                slug = $9, status = $10, date = COALESCE($11::timestamptz, date), format = COALESCE($12, format)
          WHERE id = $1 RETURNING ${RETURNING}`,
        [
          id,
          input.title,
          input.author,
          input.category,
          input.content,
          keys.image1 ?? null,
          keys.image2 ?? null,
          deps.now.toISOString(),
          slug,
          status,
          // An unchanged date is left as stored (to the microsecond).
          date.getTime() === new Date(old.date).getTime() ? null : date.toISOString(),
          input.format ?? null,
        ],
      );
      replaced = [keys.image1 ? old.image1 : null, keys.image2 ? old.image2 : null];
      return updated!;
    });
    await removeObjects(deps.storage, replaced);
    return toAdminPost(row, deps.now);
  } catch (err) {
    await removeObjects(deps.storage, [keys.image1, keys.image2]);
    if (isUniqueViolation(err)) throw new HttpError(409, SLUG_TAKEN);
    throw err;
  }
}

/** Deletes a post with its comments (the schema cascades) and then its images. */
export async function deletePost(deps: Omit<BlogAdminDeps, "now">, id: number) {
  const [row] = await deps.db.transaction((tx) =>
    tx.query<{ image1: string | null; image2: string | null }>(
      "DELETE FROM posts WHERE id = $1 RETURNING image1, image2",
      [id],
    ),
  );
  if (!row) throw notFound("This post no longer exists.");
  await removeObjects(deps.storage, [row.image1, row.image2]);
}

export interface StaffComment {
  id: number;
  postId: number;
  name: string;
  email: string;
  comment: string;
  date: string;
}

/** A post's comments for staff, with the e-mail the public never sees; newest first, paged. */
export async function listPostComments(db: Db, postId: number, page: number) {
  const post = await db.query<{ title: string }>("SELECT title FROM posts WHERE id = $1", [postId]);
  if (post.length === 0) throw notFound("This post no longer exists.");
  const rows = await db.query<{
    id: number;
    post_id: number;
    name: string;
    email: string;
    comment: string;
    date: Date | string;
  }>(
    `SELECT id, post_id, name, email, comment, date FROM comments WHERE post_id = $1
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

/** Deletes one comment; returns the post it belonged to (for purging that page). */
export async function deleteComment(db: Db, id: number): Promise<number> {
  const [row] = await db.transaction((tx) =>
    tx.query<{ post_id: number }>("DELETE FROM comments WHERE id = $1 RETURNING post_id", [id]),
  );
  if (!row) throw notFound("This comment no longer exists.");
  return row.post_id;
}

/** The cache tags of the public pages a change to this post affects. */
export const postTags = (id: number) => ["blog", `post-${id}`];
