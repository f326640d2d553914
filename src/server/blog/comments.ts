/**
 * Blog comments. A commenter's e-mail is stored for staff but no public query ever selects it:
 * the public shape is { name, date, comment }.
 */
import type { CommentInput } from "../../shared/blog/comments";
import type { PublicComment } from "../../shared/blog/api";
import { publicWhere } from "./posts";
import type { Deps } from "../common/deps";

/** How many comments a post shows, newest first. */
export const COMMENTS_SHOWN = 100;

interface CommentRow {
  id: number;
  name: string;
  date: Date | string;
  comment: string;
  [k: string]: unknown;
}

function toPublic(r: CommentRow): PublicComment {
  return { id: r.id, name: r.name, date: new Date(r.date).toISOString(), comment: r.comment };
}

/**
 * The newest published comments of a post, or null when the post does not exist or is not public.
 * Comments held for review or marked as spam are on no public page (src/server/blog/moderation.ts).
 */
export async function listComments(
  { db }: Pick<Deps, "db">,
  postId: number,
  limit = COMMENTS_SHOWN,
  now = new Date(),
): Promise<PublicComment[] | null> {
  const rows = await db.query<CommentRow>(
    `SELECT c.id, c.name, c.date, c.comment
       FROM posts p JOIN comments c ON c.post_id = p.id
      WHERE p.id = $1 AND ${publicWhere(3, "p.")} AND c.status = 'published'
      ORDER BY c.date DESC, c.id DESC
      LIMIT $2`,
    [postId, limit, now.toISOString()],
  );
  if (rows.length > 0) return rows.map(toPublic);
  const exists = await db.query(`SELECT 1 FROM posts WHERE id = $1 AND ${publicWhere(2)}`, [
    postId,
    now.toISOString(),
  ]);
  return exists.length > 0 ? [] : null;
}

/** How a new comment is stored: published, or held with its reasons; and where it came from. */
export interface NewCommentState {
  heldReasons: readonly string[];
  /** The client's rate-limit key and its shortened network (src/server/blog/moderation.ts). */
  addressKey: string | null;
  address: string | null;
}

/**
 * Stores a comment on an existing post, in one statement (a post deleted meanwhile cannot get an
 * orphan comment). Returns null when the post does not exist.
 */
export async function addComment(
  { db }: Pick<Deps, "db">,
  input: Pick<CommentInput, "post_id" | "name" | "email" | "comment">,
  now: Date,
  state: NewCommentState = { heldReasons: [], addressKey: null, address: null },
): Promise<PublicComment | null> {
  const rows = await db.query<CommentRow>(
    `INSERT INTO comments (post_id, name, email, comment, date, status, held_reasons, address_key, address)
     SELECT id, $2, $3, $4, $5, $6, $7::text[], $8, $9 FROM posts WHERE id = $1 AND ${publicWhere(5)}
     RETURNING id, name, date, comment`,
    [
      input.post_id,
      input.name,
      input.email,
      input.comment,
      now.toISOString(),
      state.heldReasons.length > 0 ? "held" : "published",
      state.heldReasons,
      state.addressKey,
      state.address,
    ],
  );
  return rows[0] ? toPublic(rows[0]) : null;
}
