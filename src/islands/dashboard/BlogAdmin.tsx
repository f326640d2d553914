import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CATEGORIES, postPath } from "../../shared/blog/blog";
import { postSchema } from "../../shared/blog/post-schemas";
import { MAX_FILES_BYTES, MAX_FILES_LABEL, UPLOADS } from "../../shared/common/upload-limits";
import { canWrite, type StaffSession } from "../../shared/staff/staff";
import { fieldErrors } from "../../shared/common/schema-fields";
import { formatDateTime, formatDay, Notice, Pager, RowMenu, useNotice, type PageInfo } from "./admin-ui";
import { api } from "./api";
import s from "./admin.module.css";
import PostEditor from "./PostEditor";

/** The two pictures of a post: its author's profile image and its banner (SPEC names image1, image2). */
const IMAGE_FIELDS = [
  ["image1", "Profile Image"],
  ["image2", "Banner Image"],
] as const;

interface AdminPost {
  id: number;
  slug: string;
  format: "markdown" | "text";
  status: "draft" | "scheduled" | "published";
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

const EMPTY = {
  title: "",
  author: "",
  category: "",
  content: "",
  slug: "",
  status: "published" as "draft" | "scheduled" | "published",
  /** A datetime-local value: the date and time in this browser's time zone. */
  publishAt: "",
  format: "markdown" as "markdown" | "text",
};
type Form = typeof EMPTY;

const STATUS_LABEL = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

/** The staff member's own time zone, named for the schedule field. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO instant as a datetime-local value in this browser's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Unsaved work is kept in this browser until it is saved or discarded. */
const draftKey = (id: number | null) => `blog-draft:${id ?? "new"}`;
interface LocalDraft {
  form: Form;
  savedAt: string;
}
function readDraft(id: number | null): LocalDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(id));
    const d = raw ? (JSON.parse(raw) as LocalDraft) : null;
    return d && typeof d.form?.content === "string" ? { ...d, form: { ...EMPTY, ...d.form } } : null;
  } catch {
    return null;
  }
}

function imageProblem(file: File | null, label: string): string | undefined {
  if (!file) return undefined;
  if (!UPLOADS.image.mimes.includes(file.type)) return `${label} must be a ${UPLOADS.image.names} picture.`;
  if (file.size > UPLOADS.image.maxBytes) return `${label} is too large: the limit is ${MAX_FILES_LABEL}.`;
  return undefined;
}

/** Dashboard screen 'Post an article': the post form (admin, root_admin) and the posts table. */
export default function BlogAdmin({ session }: { session: StaffSession }) {
  const writer = canWrite(session.role);
  const { notice, show, fail } = useNotice();
  const [posts, setPosts] = useState<AdminPost[] | null>(null);
  const [info, setInfo] = useState<PageInfo | null>(null);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<Form>(EMPTY);
  /** The form as loaded (empty, or the post being edited): a local draft is kept only when it differs. */
  const [baseline, setBaseline] = useState<Form>(EMPTY);
  const [offer, setOffer] = useState<LocalDraft | null>(null);
  const [files, setFiles] = useState<{ image1: File | null; image2: File | null }>({
    image1: null,
    image2: null,
  });
  const [fileKey, setFileKey] = useState(0);
  const [editing, setEditing] = useState<AdminPost | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
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

  // A draft left behind by a closed tab is offered back when the new-post form opens.
  useEffect(() => {
    if (writer) setOffer(readDraft(null));
  }, [writer]);

  // Every change is kept in this browser (a moment after typing stops) until saved or discarded.
  const editingId = editing?.id ?? null;
  useEffect(() => {
    if (!writer || offer) return;
    const key = draftKey(editingId);
    const t = window.setTimeout(() => {
      try {
        if (JSON.stringify(form) === JSON.stringify(baseline)) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify({ form, savedAt: new Date().toISOString() }));
      } catch {
        // Storage full or blocked: the form still works, only the safety copy is missing.
      }
    }, 400);
    return () => window.clearTimeout(t);
  }, [form, baseline, editingId, writer, offer]);

  function restoreDraft() {
    if (offer) setForm(offer.form);
    setOffer(null);
  }

  function discardDraft() {
    try {
      localStorage.removeItem(draftKey(editingId));
    } catch {
      // nothing kept
    }
    setOffer(null);
  }

  function reset() {
    setForm(EMPTY);
    setBaseline(EMPTY);
    setOffer(readDraft(null));
    setFiles({ image1: null, image2: null });
    setFileKey((k) => k + 1);
    setEditing(null);
    setErrors({});
  }

  function startEdit(p: AdminPost) {
    setEditing(p);
    const loaded: Form = {
      title: p.title,
      author: p.author,
      category: p.category,
      content: p.content,
      slug: p.slug,
      status: p.status,
      publishAt: p.status === "scheduled" ? toLocalInput(p.date) : "",
      format: p.format,
    };
    setForm(loaded);
    setBaseline(loaded);
    setOffer(readDraft(p.id));
    setFiles({ image1: null, image2: null });
    setFileKey((k) => k + 1);
    setErrors({});
    titleRef.current?.scrollIntoView({ block: "center" });
    titleRef.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const publishAt = form.status === "scheduled" && form.publishAt ? new Date(form.publishAt) : null;
    const sent = {
      title: form.title,
      author: form.author,
      category: form.category,
      content: form.content,
      slug: form.slug,
      status: form.status,
      format: form.format,
      publishAt: publishAt && !Number.isNaN(publishAt.getTime()) ? publishAt.toISOString() : "",
    };
    const parsed = postSchema.safeParse(sent);
    const errs = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const img1 = imageProblem(files.image1, "Profile Image");
    const img2 = imageProblem(files.image2, "Banner Image");
    if (img1) errs.image1 = img1;
    if (img2) errs.image2 = img2;
    if (publishAt && publishAt.getTime() <= Date.now())
      errs.publishAt = "The publication time must be in the future. To publish now, choose Published.";
    if (!img1 && !img2 && (files.image1?.size ?? 0) + (files.image2?.size ?? 0) > MAX_FILES_BYTES)
      errs.image2 = `The two images together may be at most ${MAX_FILES_LABEL}. Choose smaller pictures.`;
    setErrors(errs);
    if (Object.keys(errs).length) {
      show("error", "Please correct the errors in the form.");
      return;
    }
    const body = new FormData();
    if (editing) body.set("id", String(editing.id));
    for (const [k, v] of Object.entries(sent)) if (v !== "") body.set(k, v);
    if (files.image1) body.set("image1", files.image1);
    if (files.image2) body.set("image2", files.image2);
    setBusy(true);
    try {
      const res = await api<{ message: string }>(editing ? "/api/update-post" : "/api/add-post", {
        method: "POST",
        body,
      });
      show("success", res.message);
      discardDraftQuietly(editing?.id ?? null);
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

  const field = (name: "title" | "author" | "category" | "slug" | "publishAt") => ({
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
          {offer && (
            <div className={s.restore} role="region" aria-label="Unsaved changes">
              <p>
                You have unsaved changes from {formatDateTime(offer.savedAt)}
                {offer.form.title ? ` (“${offer.form.title}”)` : ""}.
              </p>
              <button type="button" className="btn" onClick={restoreDraft}>
                Restore them
              </button>
              <button type="button" className="btn btn--ghost" onClick={discardDraft}>
                Discard
              </button>
            </div>
          )}
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
                  accept={UPLOADS.image.accept}
                  aria-describedby={errors[name] ? `post-${name}-error post-images-hint` : "post-images-hint"}
                  aria-invalid={errors[name] ? true : undefined}
                  onChange={(e) => setFiles((f) => ({ ...f, [name]: e.target.files?.[0] ?? null }))}
                />
                {err(name)}
              </div>
            ))}
            <p className={`${s.hint} ${s.wide}`} id="post-images-hint">
              Optional. {UPLOADS.image.names}; the two images together at most {MAX_FILES_LABEL}, the most one
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
            <div className="field">
              <label htmlFor="post-slug">Address</label>
              <input
                {...field("slug")}
                maxLength={80}
                placeholder="made from the title"
                aria-describedby={errors.slug ? "post-slug-error post-slug-hint" : "post-slug-hint"}
              />
              <p className={s.hint} id="post-slug-hint">
                /blog/{form.slug || "…"}. Lowercase words and hyphens. A changed address keeps the old one
                working.
              </p>
              {err("slug")}
            </div>
            <div className="field">
              <label htmlFor="post-format">Format</label>
              <select
                id="post-format"
                value={form.format}
                onChange={(e) => setForm((f) => ({ ...f, format: e.target.value as Form["format"] }))}
              >
                <option value="markdown">Markdown</option>
                <option value="text">Plain text</option>
              </select>
            </div>
            <fieldset className={`field ${s.wide}`}>
              <legend>Publishing</legend>
              <div className={s.actions}>
                {(["draft", "scheduled", "published"] as const).map((st) => (
                  <label key={st} className={s.choice}>
                    <input
                      type="radio"
                      name="post-status"
                      value={st}
                      checked={form.status === st}
                      onChange={() => setForm((f) => ({ ...f, status: st }))}
                    />{" "}
                    {st === "draft"
                      ? "Draft"
                      : st === "scheduled"
                        ? "Scheduled"
                        : editing?.status === "published"
                          ? "Published"
                          : "Publish now"}
                  </label>
                ))}
              </div>
              {form.status === "scheduled" && (
                <div className="field">
                  <label htmlFor="post-publishAt">Publish at ({TIME_ZONE} time)</label>
                  <input {...field("publishAt")} type="datetime-local" required />
                  {err("publishAt")}
                </div>
              )}
              <p className={s.hint}>
                {form.status === "draft"
                  ? "Only staff can see a draft, through its preview link."
                  : form.status === "scheduled"
                    ? "The post goes public by itself at this time; until then only staff can preview it."
                    : "The post is public on the blog, its tag page, the feed and the sitemap."}
              </p>
            </fieldset>
            <div className={`field ${s.wide}`}>
              <PostEditor
                value={form.content}
                format={form.format}
                error={errors.content}
                onError={fail}
                onChange={(v) => {
                  setForm((f) => ({ ...f, content: v }));
                  if (errors.content) setErrors(({ content: _, ...rest }) => rest);
                }}
              />
              {err("content")}
            </div>
          </div>
          <div className={s.actions}>
            <button className="btn" type="submit" disabled={busy}>
              {busy ? "Saving..." : editing ? "Update Post" : "Add Post"}
            </button>
            {editing && (
              <button
                className="btn btn--ghost"
                type="button"
                onClick={() => {
                  discardDraftQuietly(editingId);
                  reset();
                }}
              >
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
                <th scope="col">Status</th>
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
                    <a href={p.status === "published" ? postPath(p) : `/blog/preview/${p.id}`}>{p.title}</a>
                    <br />
                    <span className={s.hint}>
                      {p.commentCount} comment{p.commentCount === 1 ? "" : "s"}
                    </span>
                  </td>
                  <td data-label="Author">{p.author}</td>
                  <td data-label="Category" className={s.nowrap}>
                    {p.category}
                  </td>
                  <td data-label="Status" className={s.nowrap}>
                    {STATUS_LABEL[p.status]}
                  </td>
                  <td data-label="Date" className={s.nowrap}>
                    {p.status === "scheduled" ? formatDateTime(p.date) : formatDay(p.date)}
                  </td>
                  <td data-label="Actions">
                    {writer ? (
                      <RowMenu
                        label={`Actions for ${p.title}`}
                        items={[
                          { label: "Edit", onSelect: () => startEdit(p) },
                          {
                            label: "Preview",
                            onSelect: () => window.open(`/blog/preview/${p.id}`, "_blank", "noopener"),
                          },
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

function discardDraftQuietly(id: number | null) {
  try {
    localStorage.removeItem(draftKey(id));
  } catch {
    // nothing kept
  }
}
