/**
 * Blog comments: the Recent Comments list and the comment form. On /blog a selector chooses the
 * post (the first one by default); on a post page the post is fixed. After a comment is posted
 * the list is fetched again; one held for review is not listed, and the form says so. Everything
 * visitors typed is rendered as text; the addresses in it become links that pass no ranking
 * (rel="ugc nofollow noopener"). Each comment has a Report button (three reports hide it).
 */
import { useId, useRef, useState } from "react";
import { getCommentsApi, type PublicComment } from "../../shared/blog/api";
import { send } from "../lib/api-client";
import { CommentForm } from "./CommentForm";
import styles from "./Comments.module.css";
import { CommentItem, useReports } from "./CommentItem";
import { useConfirm } from "../ui/useConfirm";
import { REPORTS_TO_HIDE } from "../../shared/blog/moderation";
import "../ui/modal.css";

export interface CommentsProps {
  /** Posts to choose from (the blog list); without it, `postId` is fixed. */
  posts?: { id: number; title: string }[];
  postId?: number;
  /** The chosen post's comments, rendered on the server. */
  initialComments: PublicComment[];
}

export default function Comments({ posts, postId, initialComments }: CommentsProps) {
  const uid = useId();
  const [selected, setSelected] = useState<number | undefined>(postId ?? posts?.[0]?.id);
  const [comments, setComments] = useState<PublicComment[]>(initialComments);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { reported, reportNote, report } = useReports();
  // A report is asked for once, in the site's own dialog, so a stray tap sends nothing.
  const { ask, dialog: confirmDialog } = useConfirm();
  async function confirmReport(c: PublicComment) {
    const ok = await ask({
      title: "Report this comment?",
      body: (
        <p>
          The comment by {c.name} goes to our moderators, who check it against our rules. It stays on the page
          until they decide; reports from {REPORTS_TO_HIDE} readers hide it until then.
        </p>
      ),
      confirm: "Report comment",
      danger: false,
    });
    if (ok) await report(c);
  }
  const latest = useRef(0);

  async function load(id: number) {
    const ticket = ++latest.current;
    setLoading(true);
    setLoadError(null);
    try {
      const res = await send(getCommentsApi, {
        params: { postId: id },
        headers: { Accept: "application/json" },
      });
      if (ticket !== latest.current) return; // a newer choice is on its way
      if (!res.ok || !res.data.comments) throw new Error(String(res.status));
      setComments(res.data.comments);
    } catch {
      if (ticket === latest.current) setLoadError("The comments could not be loaded. Please try again.");
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }

  function choose(id: number) {
    setSelected(id);
    void load(id);
  }

  const ids = {
    select: `${uid}-post`,
    list: `${uid}-list`,
  };
  const chosenTitle = posts?.find((p) => p.id === selected)?.title;

  return (
    <div className={styles.wrap}>
      {posts && posts.length > 0 && (
        <div className={`field ${styles.selector}`}>
          <label htmlFor={ids.select}>Show comments for</label>
          <select id={ids.select} value={selected} onChange={(e) => choose(Number(e.target.value))}>
            {posts.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className={styles.columns}>
        <section aria-labelledby={ids.list} className={styles.list} aria-busy={loading}>
          <h3 id={ids.list}>Recent Comments</h3>
          {chosenTitle && <p className={styles.on}>On “{chosenTitle}”</p>}
          <p role="status" className={styles.loading}>
            {loading ? "Loading comments…" : reportNote}
          </p>
          {loadError && (
            <p role="alert" className="alert alert--error">
              {loadError}
            </p>
          )}
          {!loadError && comments.length === 0 && !loading && <p className="muted">No comments yet.</p>}
          {comments.length > 0 && (
            // A long list scrolls within its own box: the box takes the keyboard's focus, so the
            // arrow keys scroll it too (WCAG 2.1.1), and it is named by its heading.
            <ol className={styles.comments} tabIndex={0} aria-labelledby={ids.list}>
              {comments.map((c, i) => (
                <CommentItem
                  key={c.id || `${c.date}-${i}`}
                  comment={c}
                  reported={reported[c.id]}
                  onReport={() => void confirmReport(c)}
                />
              ))}
            </ol>
          )}
        </section>

        <CommentForm postId={selected} onPosted={load} />
      </div>
      {confirmDialog}
    </div>
  );
}
