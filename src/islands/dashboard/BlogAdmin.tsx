import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CATEGORIES } from "../../lib/blog";
import { MAX_IMAGE_BYTES, POST_IMAGE_TYPES, postSchema } from "../../lib/dashboard-schemas";
import { MAX_FILES_BYTES, MAX_FILES_LABEL } from "../../lib/upload-limits";
import { canWrite, type StaffSession } from "../../lib/staff";
import {
  api,
  fieldErrors,
  formatDateTime,
  formatDay,
  Notice,
  Pager,
  RowMenu,
  useNotice,
  type PageInfo,
} from "./admin-ui";
import s from "./admin.module.css";

/** The two pictures of a post: its author's profile image and its banner (SPEC names image1, image2). */
const IMAGE_FIELDS = [
  ["image1", "Profile Image"],
  ["image2", "Banner Image"],
] as const;

interface AdminPost {
  id: number;
  title: string;
  author: string;
  category: string;
  date: string;
  content: string;
  image1: string | null;
  image2: string | null;
  commentCount: number;
}

interface StaffComment {
  id: number;
  name: string;
  email: string;
  comment: string;
  date: string;
}

const EMPTY = { title: "", author: "", category: "", content: "" };

function imageProblem(file: File | null, label: string): string | undefined {
  if (!file) return undefined;
  if (!(POST_IMAGE_TYPES as readonly string[]).includes(file.type))
    return `${label} must be a PNG, JPEG or WebP picture.`;
  if (file.size > MAX_IMAGE_BYTES) return `${label} is too large: the limit is ${MAX_FILES_LABEL}.`;
  return undefined;
}

/** Dashboard screen 'Post an article': the post form (admin, root_admin) and the posts table. */
export default function BlogAdmin({ session }: { session: StaffSession }) {
  const writer = canWrite(session.role);
  const { notice, show, fail } = useNotice();
  const [posts, setPosts] = useState<AdminPost[] | null>(null);
  const [info, setInfo] = useState<PageInfo | null>(null);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState(EMPTY);
  const [files, setFiles] = useState<{ image1: File | null; image2: File | null }>({
    image1: null,
    image2: null,
  });
  const [fileKey, setFileKey] = useState(0);
  const [editing, setEditing] = useState<AdminPost | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [commentsOf, setCommentsOf] = useState<AdminPost | null>(null);
  const [comments, setComments] = useState<StaffComment[] | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const commentsRef = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    async (p: number) => {
      try {
        const data = await api<PageInfo & { posts: AdminPost[] }>(`/api/admin-posts?page=${p}`);
        setPosts(data.posts);
        setInfo(data);
      } catch (err) {
        fail(err);
      }
    },
    [fail],
  );

  useEffect(() => {
    void load(page);
  }, [load, page]);

  function reset() {
    setForm(EMPTY);
    setFiles({ image1: null, image2: null });
    setFileKey((k) => k + 1);
    setEditing(null);
    setErrors({});
  }

  function startEdit(p: AdminPost) {
    setEditing(p);
    setForm({ title: p.title, author: p.author, category: p.category, content: p.content });
    setFiles({ image1: null, image2: null });
    setFileKey((k) => k + 1);
    setErrors({});
    titleRef.current?.scrollIntoView({ block: "center" });
    titleRef.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = postSchema.safeParse(form);
    const errs = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const img1 = imageProblem(files.image1, "Profile Image");
    const img2 = imageProblem(files.image2, "Banner Image");
    if (img1) errs.image1 = img1;
    if (img2) errs.image2 = img2;
    if (!img1 && !img2 && (files.image1?.size ?? 0) + (files.image2?.size ?? 0) > MAX_FILES_BYTES)
      errs.image2 = `The two images together may be at most ${MAX_FILES_LABEL}. Choose smaller pictures.`;
    setErrors(errs);
    if (Object.keys(errs).length) {
      show("error", "Please correct the errors in the form.");
      return;
    }
    const body = new FormData();
    if (editing) body.set("id", String(editing.id));
    for (const [k, v] of Object.entries(form)) body.set(k, v);
    if (files.image1) body.set("image1", files.image1);
    if (files.image2) body.set("image2", files.image2);
    setBusy(true);
    try {
      const res = await api<{ message: string }>(editing ? "/api/update-post" : "/api/add-post", {
        method: "POST",
        body,
      });
      show("success", res.message);
      reset();
      if (!editing && page !== 1) setPage(1);
      else await load(page);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(p: AdminPost) {
    if (!window.confirm(`Delete the post "${p.title}"? Its comments and images are deleted too.`)) return;
    try {
      const res = await api<{ message: string }>(`/api/delete-post/${p.id}`, { method: "DELETE" });
      show("success", res.message);
      if (editing?.id === p.id) reset();
      if (commentsOf?.id === p.id) setCommentsOf(null);
      await load(page);
    } catch (err) {
      fail(err);
    }
  }

  async function openComments(p: AdminPost) {
    setCommentsOf(p);
    setComments(null);
    try {
      const data = await api<{ comments: StaffComment[] }>(`/api/admin-post-comments/${p.id}`);
      setComments(data.comments);
      requestAnimationFrame(() => commentsRef.current?.focus());
    } catch (err) {
      fail(err);
    }
  }

  async function removeComment(c: StaffComment) {
    if (!window.confirm(`Delete the comment by ${c.name}?`)) return;
    try {
      const res = await api<{ message: string }>(`/api/delete-comment/${c.id}`, { method: "DELETE" });
      show("success", res.message);
      setComments((list) => list?.filter((x) => x.id !== c.id) ?? null);
      await load(page);
    } catch (err) {
      fail(err);
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `post-${name}`,
    value: form[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `post-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    },
  });
  const err = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`post-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <section className={s.screen} aria-labelledby="blog-admin-title">
      <h1 id="blog-admin-title">{writer ? "Post an article" : "Blog posts"}</h1>
      <Notice notice={notice} />

      {writer && (
        <form className={s.panel} onSubmit={submit} noValidate aria-labelledby="post-form-title">
          <h2 id="post-form-title">{editing ? `Edit “${editing.title}”` : "New post"}</h2>
          <div className={s.formGrid}>
            <div className="field">
              <label htmlFor="post-title">Title</label>
              <input ref={titleRef} {...field("title")} maxLength={200} required />
              {err("title")}
            </div>
            <div className="field">
              <label htmlFor="post-author">Author</label>
              <input {...field("author")} maxLength={100} autoComplete="name" required />
              {err("author")}
            </div>
            {IMAGE_FIELDS.map(([name, label]) => (
              <div className="field" key={name}>
                <label htmlFor={`post-${name}`}>{label}</label>
                <input
                  key={`${name}-${fileKey}`}
                  id={`post-${name}`}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  aria-describedby={errors[name] ? `post-${name}-error post-images-hint` : "post-images-hint"}
                  aria-invalid={errors[name] ? true : undefined}
                  onChange={(e) => setFiles((f) => ({ ...f, [name]: e.target.files?.[0] ?? null }))}
                />
                {err(name)}
              </div>
            ))}
            <p className={`${s.hint} ${s.wide}`} id="post-images-hint">
              Optional. PNG, JPEG or WebP; the two images together at most {MAX_FILES_LABEL}, the most one
              upload can carry.
              {editing ? " Leave empty to keep the current image." : ""}
            </p>
            {editing && (editing.image1 || editing.image2) && (
              <div className={`${s.thumbs} ${s.wide}`}>
                {editing.image1 && <img src={editing.image1} alt="Current profile image" />}
                {editing.image2 && <img src={editing.image2} alt="Current banner image" />}
              </div>
            )}
            <div className="field">
              <label htmlFor="post-category">Category</label>
              <select {...field("category")} required>
                <option value="">Choose a category</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              {err("category")}
            </div>
            <div className={`field ${s.wide}`}>
              <label htmlFor="post-content">Content</label>
              <textarea {...field("content")} rows={10} required />
              {err("content")}
            </div>
          </div>
          <div className={s.actions}>
            <button className="btn" type="submit" disabled={busy}>
              {busy ? "Saving..." : editing ? "Update Post" : "Add Post"}
            </button>
            {editing && (
              <button className="btn btn--ghost" type="button" onClick={reset}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}

      <h2 id="posts-title">Posts{info ? ` (${info.total})` : ""}</h2>
      {posts === null ? (
        <p>Loading posts...</p>
      ) : posts.length === 0 ? (
        <p>No posts available.</p>
      ) : (
        <div className={s.tableWrap} role="region" aria-labelledby="posts-title" tabIndex={0}>
          <table className={`${s.table} ${s.stack}`}>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Author</th>
                <th scope="col">Category</th>
                <th scope="col">Date</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((p) => (
                <tr key={p.id}>
                  <td data-label="Title">
                    <a href={`/blog/${p.id}`}>{p.title}</a>
                    <br />
                    <span className={s.hint}>
                      {p.commentCount} comment{p.commentCount === 1 ? "" : "s"}
                    </span>
                  </td>
                  <td data-label="Author">{p.author}</td>
                  <td data-label="Category" className={s.nowrap}>
                    {p.category}
                  </td>
                  <td data-label="Date" className={s.nowrap}>
                    {formatDay(p.date)}
                  </td>
                  <td data-label="Actions">
                    {writer ? (
                      <RowMenu
                        label={`Actions for ${p.title}`}
                        items={[
                          { label: "Edit", onSelect: () => startEdit(p) },
                          { label: "Comments", onSelect: () => void openComments(p) },
                          { label: "Delete", onSelect: () => void remove(p), danger: true },
                        ]}
                      />
                    ) : (
                      <button type="button" className={s.smallButton} onClick={() => void openComments(p)}>
                        Comments<span className="visually-hidden"> on {p.title}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager info={info} onPage={setPage} label="Posts pages" />

      {commentsOf && (
        <section className={s.panel} aria-labelledby="comments-title" style={{ marginTop: "var(--sp-5)" }}>
          <h2 id="comments-title" ref={commentsRef} tabIndex={-1}>
            Comments on “{commentsOf.title}”
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
                    <strong>{c.name}</strong> · <a href={`mailto:${c.email}`}>{c.email}</a> ·{" "}
                    <span className={s.hint}>{formatDateTime(c.date)}</span>
                  </p>
                  <p className={s.pre}>{c.comment}</p>
                  {writer && (
                    <button type="button" className={s.dangerButton} onClick={() => void removeComment(c)}>
                      Delete<span className="visually-hidden"> comment by {c.name}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => setCommentsOf(null)}>
            Close comments
          </button>
        </section>
      )}
    </section>
  );
}
