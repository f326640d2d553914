import { useEffect, useRef, useState } from "react";
import { formatDateTime, MailLink, type useNotice } from "../../admin-ui";
import { adminPostCommentsApi, deleteCommentApi, type StaffComment } from "../../../../shared/blog/admin-api";
import { api } from "../../api";
import { useConfirm } from "../../../ui/useConfirm";
import s from "../../admin.module.css";
import type { AdminPost } from "../../../../shared/blog/admin-api";

interface Props {
  post: AdminPost;
  writer: boolean;
  notices: Pick<ReturnType<typeof useNotice>, "show" | "fail">;
  /** A comment was deleted: the posts table's counts change. */
  onChanged(): void;
  onClose(): void;
}

/** The comments of one post, for staff: each with its author's e-mail, and Delete (admin, root_admin). */
export default function PostComments({ post, writer, notices, onChanged, onClose }: Props) {
  const { show, fail } = notices;
  const { ask, dialog } = useConfirm();
  const [comments, setComments] = useState<StaffComment[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    setComments(null);
    api(adminPostCommentsApi, { params: { postId: post.id } })
      .then((data) => {
        if (!live) return;
        setComments(data.comments);
        requestAnimationFrame(() => heading.current?.focus());
      })
      .catch((err: unknown) => live && fail(err));
    return () => {
      live = false;
    };
  }, [post.id, fail]);

  async function remove(c: StaffComment) {
    if (
      !(await ask({
        title: "Delete the comment?",
        body: <p>The comment by {c.name} is deleted. This cannot be undone.</p>,
        confirm: "Delete",
      }))
    )
      return;
    try {
      const res = await api(deleteCommentApi, { params: { id: c.id } });
      show("success", res.message);
      setComments((list) => list?.filter((x) => x.id !== c.id) ?? null);
      onChanged();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <section className={s.panel} aria-labelledby="comments-title" style={{ marginTop: "var(--sp-5)" }}>
      <h2 id="comments-title" ref={heading} tabIndex={-1}>
        Comments on “{post.title}”
      </h2>
      {comments === null ? (
        <p>Loading comments...</p>
      ) : comments.length === 0 ? (
        <p>No comments yet.</p>
      ) : (
        <ul className={s.list}>
          {comments.map((c) => (
            <li key={c.id} className={s.item}>
              <p>
                <strong>{c.name}</strong> · <MailLink email={c.email} /> ·{" "}
                <span className={s.hint}>{formatDateTime(c.date)}</span>
              </p>
              <p className={s.pre}>{c.comment}</p>
              {writer && (
                <button type="button" className={s.dangerButton} onClick={() => void remove(c)}>
                  Delete<span className="visually-hidden"> comment by {c.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn--ghost" onClick={onClose}>
        Close comments
      </button>
      {dialog}
    </section>
  );
}
