/**
 * Blog comments: the Recent Comments list and the comment form. On /blog a selector chooses the
 * post (the first one by default); on a post page the post is fixed. After a comment is posted
 * the list is fetched again; one held for review is not listed, and the form says so. Everything
 * visitors typed is rendered as text; the addresses in it become links that pass no ranking
 * (rel="ugc nofollow noopener"). Each comment has a Report button (three reports hide it).
 */
import { useId, useRef, useState, type SubmitEvent } from "react";
import {
  COMMENT_LIMITS,
  COMMENT_POSTED,
  commentErrors,
  HELD_MESSAGE,
  HONEYPOT_FIELD,
  type CommentField,
} from "../../shared/blog/comments";
import { addCommentApi, getCommentsApi, type PublicComment } from "../../shared/blog/api";
import { link, send } from "../lib/api-client";
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

type Status = { kind: "success" | "error"; text: string } | null;

const EMPTY = { name: "", email: "", comment: "" };

export default function Comments({ posts, postId, initialComments }: CommentsProps) {
  const uid = useId();
  const [selected, setSelected] = useState<number | undefined>(postId ?? posts?.[0]?.id);
  const [comments, setComments] = useState<PublicComment[]>(initialComments);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<Partial<Record<CommentField, string>>>({});
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
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
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    comment: useRef<HTMLTextAreaElement>(null),
  };

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
    setStatus(null);
    void load(id);
  }

  function change(field: CommentField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending || selected === undefined) return;
    setStatus(null);
    const found = commentErrors({ post_id: selected, ...values });
    if (Object.keys(found).length > 0) {
      // Blank or invalid fields: nothing is sent.
      setErrors(found);
      const first = (["name", "email", "comment"] as const).find((f) => found[f]);
      if (first) fieldRefs[first].current?.focus();
      return;
    }
    // Form data, URL-encoded: the fields are all text.
    const body = new URLSearchParams();
    body.set("post_id", String(selected));
    body.set("name", values.name);
    body.set("email", values.email);
    body.set("comment", values.comment);
    if (honeypot) body.set(HONEYPOT_FIELD, honeypot);
    setSending(true);
    try {
      const res = await send(addCommentApi, { body });
      if (!res.ok || res.status !== 201) {
        setStatus({
          kind: "error",
          text:
            (res.ok ? undefined : res.data.error) ?? "Your comment could not be posted. Please try again.",
        });
        return;
      }
      setValues(EMPTY);
      setErrors({});
      if ("held" in res.data && res.data.held) {
        setStatus({ kind: "success", text: HELD_MESSAGE });
        return;
      }
      setStatus({ kind: "success", text: COMMENT_POSTED });
      await load(selected);
    } catch {
      setStatus({
        kind: "error",
        text: "Your comment could not be posted. Check your connection and try again.",
      });
    } finally {
      setSending(false);
    }
  }

  const ids = {
    select: `${uid}-post`,
    list: `${uid}-list`,
    form: `${uid}-form`,
  };
  const described = (f: CommentField, hint?: string) =>
    [errors[f] ? `${uid}-${f}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined;
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

        <section aria-labelledby={ids.form} className={styles.formBox}>
          <h3 id={ids.form}>Leave a comment</h3>
          <p className={`muted ${styles.note}`}>
            Your email is never shown to other visitors. Our <a href="/privacy">privacy notice</a> says how
            long we keep it.
          </p>
          <form method="post" action={link(addCommentApi)} noValidate onSubmit={submit}>
            <input type="hidden" name="post_id" value={selected ?? ""} />
            <div className="field">
              <label htmlFor={`${uid}-name`}>Name</label>
              <input
                ref={fieldRefs.name}
                id={`${uid}-name`}
                name="name"
                autoComplete="name"
                maxLength={COMMENT_LIMITS.name}
                value={values.name}
                onChange={(e) => change("name", e.target.value)}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={described("name")}
              />
              {errors.name && (
                <p id={`${uid}-name-error`} className="field-error">
                  {errors.name}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${uid}-email`}>Email</label>
              <input
                ref={fieldRefs.email}
                id={`${uid}-email`}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={COMMENT_LIMITS.email}
                value={values.email}
                onChange={(e) => change("email", e.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={described("email")}
              />
              {errors.email && (
                <p id={`${uid}-email-error`} className="field-error">
                  {errors.email}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${uid}-comment`}>Comment</label>
              <textarea
                ref={fieldRefs.comment}
                id={`${uid}-comment`}
                name="comment"
                rows={5}
                maxLength={COMMENT_LIMITS.comment}
                value={values.comment}
                onChange={(e) => change("comment", e.target.value)}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={described("comment", `${uid}-comment-count`)}
              />
              <p id={`${uid}-comment-count`} className={styles.count}>
                {values.comment.length.toLocaleString("en-US")} /{" "}
                {COMMENT_LIMITS.comment.toLocaleString("en-US")} characters
              </p>
              {errors.comment && (
                <p id={`${uid}-comment-error`} className="field-error">
                  {errors.comment}
                </p>
              )}
            </div>
            {/* Robots fill every field; people never see this one. */}
            <div className={styles.hp} aria-hidden="true">
              <label htmlFor={`${uid}-hp`}>Leave this field empty</label>
              <input
                id={`${uid}-hp`}
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                value={honeypot}
                onChange={(e) => setHoneypot(e.target.value)}
              />
            </div>
            <div role="status" aria-live="polite" className={styles.status}>
              {status && (
                <p className={`alert ${status.kind === "success" ? "alert--success" : "alert--error"}`}>
                  {status.text}
                </p>
              )}
            </div>
            <button type="submit" className="btn" disabled={sending || selected === undefined}>
              {sending ? "Posting…" : "Post Comment"}
            </button>
          </form>
        </section>
      </div>
      {confirmDialog}
    </div>
  );
}
