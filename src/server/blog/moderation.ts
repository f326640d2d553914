/**
 * Comment moderation: which new comments are held for review, the queue staff work through, their
 * three actions, and readers' reports.
 *
 * A comment is held (on no public page, list or count) when its text has two or more links or a
 * blocked word (comment-text-rules.ts), comes from an e-mail or an address marked as spam before,
 * or, with COMMENT_HOLD_FIRST on, from an e-mail without a published comment yet. Reports from
 * REPORTS_TO_HIDE different addresses hide a public comment until it is reviewed; once staff
 * approved it, reports only queue it again, and it stays public.
 *
 * Addresses are never stored: a comment keeps the client's `key` (the keyed hash of its network
 * that the per-address rate limits count under: an IPv4 address, an IPv6 /64, so one subscriber
 * rotating through the addresses of their /64 is one reporter) and the network shortened for
 * staff to read (IPv4 /24, IPv6 /48). A spam sender's e-mail is remembered only as a keyed hash.
 */
import { REPORTS_TO_HIDE, type HeldReason, type ModerationAction } from "../../shared/blog/moderation";
import { type QueueItem } from "../../shared/blog/admin-api";
import type { Deps } from "../common/deps";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import { Conflict, NotFound } from "../common/errors";
import { spamEmailKey } from "../common/spam-senders";
import { textReasons } from "./comment-text-rules";
import { postTags } from "./cache-tags";
import { publicWhere } from "./posts";

/** Where a comment comes from, as the HTTP layer hands it in (never the raw address). */
export interface CommentClient {
  /** The keyed hash of the client's network (the rate limits' key). */
  key: string;
  /** The network shortened for display (IPv4 /24, IPv6 /48), or null. */
  network: string | null;
}

/** The queue shows this many comments, newest first. */
export const QUEUE_SIZE = 200;

/** A comment waits in the queue while held, or while public with reports since its last review. */
const IN_QUEUE = "(c.status = 'held' OR (c.status = 'published' AND c.report_count > 0))";

/** Why a new comment should wait for review; empty when it may be published at once. */
export async function holdReasons(
  deps: Pick<Deps, "db" | "env" | "secret">,
  input: { name: string; email: string; comment: string },
  client: CommentClient,
): Promise<HeldReason[]> {
  const reasons = textReasons(input, deps.env.comments.blockedWords);
  const [row] = await deps.db.query<{ spam_email: boolean; spam_address: boolean; known: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM comment_spam_senders WHERE kind = 'email' AND key = $1) AS spam_email,
            EXISTS (SELECT 1 FROM comment_spam_senders WHERE kind = 'address' AND key = $2) AS spam_address,
            EXISTS (SELECT 1 FROM comments c WHERE lower(c.email) = lower($3) AND c.status = 'published') AS known`,
    [spamEmailKey(deps.secret, input.email), client.key, input.email.trim()],
  );
  if (row?.spam_email) reasons.push("spam_email");
  if (row?.spam_address) reasons.push("spam_address");
  if (deps.env.comments.holdFirst && !row?.known) reasons.push("first_comment");
  return reasons;
}

interface QueueRow {
  id: number;
  post_id: number;
  title: string;
  slug: string;
  name: string;
  email: string | null;
  comment: string;
  date: Date | string;
  status: "held" | "published";
  held_reasons: HeldReason[] | string | null;
  report_count: number;
  address: string | null;
  [k: string]: unknown;
}

/** Postgres arrays arrive parsed from pg and PGlite; this also reads the text form "{a,b}". */
function reasonsOf(v: QueueRow["held_reasons"]): HeldReason[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "string" && v.length > 2) return v.replace(/^\{|\}$/g, "").split(",") as HeldReason[];
  return [];
}

/** Held and reported comments, newest first, with what staff need to judge them. */
export async function listQueue(
  { db }: Pick<Deps, "db">,
  limit = QUEUE_SIZE,
): Promise<{ items: QueueItem[]; total: number }> {
  const rows = await db.query<QueueRow>(
    `SELECT c.id, c.post_id, p.title, p.slug, c.name, c.email, c.comment, c.date, c.status,
            c.held_reasons, c.report_count, c.address
       FROM comments c JOIN posts p ON p.id = c.post_id
      WHERE ${IN_QUEUE}
      ORDER BY c.date DESC, c.id DESC
      LIMIT $1`,
    [limit],
  );
  const total = rows.length < limit ? rows.length : await pendingReviewCount({ db });
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      postId: r.post_id,
      postTitle: r.title,
      postSlug: r.slug,
      name: r.name,
      email: r.email || null,
      comment: r.comment,
      date: new Date(r.date).toISOString(),
      status: r.status,
      reasons: reasonsOf(r.held_reasons),
      reports: Number(r.report_count),
      address: r.address,
    })),
  };
}

/** How many comments wait for review (the overview's figure). */
export async function pendingReviewCount({ db }: Pick<Deps, "db">): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments c WHERE ${IN_QUEUE}`);
  return Number(row?.n ?? 0);
}

type Moderated = { postId: number; status: "published" | "spam" | "deleted" };

/** What staff are told once their action on a comment of the queue is done. */
export const MODERATED: Readonly<Record<ModerationAction, string>> = {
  approve: "Comment approved: it is on the post now.",
  spam: "Marked as spam: the sender's next comments wait for review.",
  delete: "Comment deleted.",
};

/** What the audit trail keeps of a decision: the state, not the commenter's e-mail or text. */
const AUDITED = { entity: "comment", table: "comments", fields: AUDIT_FIELDS.moderation } as const;

/**
 * Approves, marks as spam or deletes one comment of the queue, in one statement each, so two
 * staff acting on it at once leave one outcome: the second finds it gone from the queue and is
 * refused (409), or finds it deleted (404). Marking as spam remembers the sender's e-mail (hashed)
 * and address key, so their next comment is held. The post's cached pages and comment count
 * change (approved, or a reported one taken down): they are purged.
 */
export async function moderateComment(
  deps: Pick<Deps, "db" | "now" | "secret" | "raise">,
  actor: Actor,
  id: number,
  action: ModerationAction,
): Promise<Moderated> {
  const spec = { ...AUDITED, action: `comment.${action}` as const, id };
  return recordAudited(deps, actor, spec, async (deps) => {
    const now = deps.now().toISOString();
    const result = await deps.db.transaction(async (tx): Promise<Moderated> => {
      let rows: { post_id: number; email: string; address_key: string | null }[];
      if (action === "delete")
        rows = await tx.query(
          `DELETE FROM comments c WHERE c.id = $1 AND ${IN_QUEUE} RETURNING c.post_id, c.email, c.address_key`,
          [id],
        );
      else
        rows = await tx.query(
          `UPDATE comments c
              SET status = $2, report_count = 0, reviewed_at = $3,
                  held_reasons = CASE WHEN $2 = 'published' THEN '{}'::text[] ELSE c.held_reasons END
            WHERE c.id = $1 AND ${IN_QUEUE}
            RETURNING c.post_id, c.email, c.address_key`,
          [id, action === "approve" ? "published" : "spam", now],
        );
      const row = rows[0];
      if (!row) {
        const exists = await tx.query("SELECT 1 FROM comments WHERE id = $1", [id]);
        if (exists.length === 0) throw new NotFound("This comment no longer exists.");
        throw new Conflict("This comment was already reviewed. Reload the queue.");
      }
      if (action === "spam") {
        const senders: [string, string][] = [];
        if (row.email && row.email.includes("@"))
          senders.push(["email", spamEmailKey(deps.secret, row.email)]);
        if (row.address_key) senders.push(["address", row.address_key]);
        for (const [kind, key] of senders)
          await tx.query(
            `INSERT INTO comment_spam_senders (kind, key, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (kind, key) DO NOTHING`,
            [kind, key, now],
          );
      }
      return {
        postId: row.post_id,
        status: action === "approve" ? "published" : action === "spam" ? "spam" : "deleted",
      };
    });
    deps.raise({ purge: postTags(result.postId) });
    return result;
  });
}

/**
 * A reader reports a comment. One report per address and comment, whatever the number at once
 * (the report's primary key decides); at REPORTS_TO_HIDE reports a public comment is held, unless
 * staff approved it: reports never hide a comment staff have reviewed and published (a few
 * addresses could otherwise take it down again and again); they put it back in the queue (any
 * report does) for another look, and it stays public meanwhile.
 * Reporting again, or reporting one that reports hid a moment ago (the reader's page still shows
 * it), is answered like the first time. Returns whether this report hid the comment.
 */
export async function reportComment(
  deps: Pick<Deps, "db" | "now" | "env" | "raise">,
  clientKey: string,
  id: number,
): Promise<{ postId: number; hidden: boolean }> {
  const now = deps.now().toISOString();
  const rows = await deps.db
    .query<{ post_id: number; status: string; counted: boolean }>(
      `WITH target AS (
       SELECT c.id FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = $1 AND c.status <> 'spam' AND ${publicWhere(3, "p.")}
     ), added AS (
       INSERT INTO comment_reports (comment_id, address_key, created_at)
       SELECT id, $2, $3 FROM target
       ON CONFLICT (comment_id, address_key) DO NOTHING
       RETURNING comment_id
     ), counted AS (
       UPDATE comments c
          SET report_count = c.report_count + 1,
              status = CASE WHEN c.status = 'published' AND c.reviewed_at IS NULL AND c.report_count + 1 >= $4
                            THEN 'held' ELSE c.status END,
              held_reasons = CASE WHEN c.status = 'published' AND c.reviewed_at IS NULL AND c.report_count + 1 >= $4
                                  THEN array_append(c.held_reasons, 'reports') ELSE c.held_reasons END
         FROM added WHERE c.id = added.comment_id
       RETURNING c.post_id, c.status
     )
     SELECT post_id, status, true AS counted FROM counted
     UNION ALL
     SELECT c.post_id, c.status, false FROM comments c JOIN target t ON t.id = c.id
      WHERE NOT EXISTS (SELECT 1 FROM counted)`,
      [id, clientKey, now, REPORTS_TO_HIDE],
    )
    .catch((err: unknown) => {
      // The comment was deleted between the look-up and the report's insert (foreign key).
      if ((err as { code?: string }).code === "23503") return [];
      throw err;
    });
  const row = rows[0];
  if (!row) throw new NotFound("This comment no longer exists.");
  const hidden = row.counted && row.status === "held";
  if (hidden) deps.raise({ purge: postTags(row.post_id) }); // the post's cached pages lose it
  return { postId: row.post_id, hidden };
}
