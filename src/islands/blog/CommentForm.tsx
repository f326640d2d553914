/**
 * The comment form of a post (Comments.tsx lists the comments beside it): checked in the browser
 * with the server's own rules before anything is sent, posted as a form, and said in words
 * (posted, held for review, or why not). Without script the same form posts natively.
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
import { addCommentApi } from "../../shared/blog/api";
import { link, send } from "../lib/api-client";
import styles from "./Comments.module.css";

/** What the last send came to, for the post it was sent on (another post's form shows none). */
type Status = { postId: number; kind: "success" | "error"; text: string } | null;

const EMPTY = { name: "", email: "", comment: "" };

export function CommentForm({
  postId,
  onPosted,
}: {
  /** The post commented on; none yet (the blog list without posts) disables the form. */
  postId: number | undefined;
  /** After a comment is published (not held): the list fetches the post's comments again. */
  onPosted: (postId: number) => Promise<void>;
}) {
  const uid = useId();
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<Partial<Record<CommentField, string>>>({});
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    comment: useRef<HTMLTextAreaElement>(null),
  };
  const shown = status?.postId === postId ? status : null;

  function change(field: CommentField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending || postId === undefined) return;
    setStatus(null);
    const found = commentErrors({ post_id: postId, ...values });
    if (Object.keys(found).length > 0) {
      // Blank or invalid fields: nothing is sent.
      setErrors(found);
      const first = (["name", "email", "comment"] as const).find((f) => found[f]);
      if (first) fieldRefs[first].current?.focus();
      return;
    }
    // Form data, URL-encoded: the fields are all text.
    const body = new URLSearchParams();
    body.set("post_id", String(postId));
    body.set("name", values.name);
    body.set("email", values.email);
    body.set("comment", values.comment);
    if (honeypot) body.set(HONEYPOT_FIELD, honeypot);
    setSending(true);
    try {
      const res = await send(addCommentApi, { body });
      if (!res.ok || res.status !== 201) {
        setStatus({
          postId,
          kind: "error",
          text:
            (res.ok ? undefined : res.data.error) ?? "Your comment could not be posted. Please try again.",
        });
        return;
      }
      setValues(EMPTY);
      setErrors({});
      if ("held" in res.data && res.data.held) {
        setStatus({ postId, kind: "success", text: HELD_MESSAGE });
        return;
      }
      setStatus({ postId, kind: "success", text: COMMENT_POSTED });
      await onPosted(postId);
    } catch {
      setStatus({
        postId,
        kind: "error",
        text: "Your comment could not be posted. Check your connection and try again.",
      });
    } finally {
      setSending(false);
    }
  }

  const described = (f: CommentField, hint?: string) =>
    [errors[f] ? `${uid}-${f}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined;

  return (
    <section aria-labelledby={`${uid}-form`} className={styles.formBox}>
      <h3 id={`${uid}-form`}>Leave a comment</h3>
      <p className={`muted ${styles.note}`}>
        Your email is never shown to other visitors. Our <a href="/privacy">privacy notice</a> says how long
        we keep it.
      </p>
      <form method="post" action={link(addCommentApi)} noValidate onSubmit={submit}>
        <input type="hidden" name="post_id" value={postId ?? ""} />
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
            {values.comment.length.toLocaleString("en-US")} / {COMMENT_LIMITS.comment.toLocaleString("en-US")}{" "}
            characters
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
          {shown && (
            <p className={`alert ${shown.kind === "success" ? "alert--success" : "alert--error"}`}>
              {shown.text}
            </p>
          )}
        </div>
        <button type="submit" className="btn" disabled={sending || postId === undefined}>
          {sending ? "Posting…" : "Post Comment"}
        </button>
      </form>
    </section>
  );
}
