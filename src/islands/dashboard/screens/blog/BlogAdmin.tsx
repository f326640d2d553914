import { usePagedList } from "../../use-paged-list";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CATEGORIES } from "../../../../shared/blog/blog";
import { may } from "../../../../shared/staff/permissions";
import type { StaffSession } from "../../../../shared/staff/staff";
import { Notice, Pager, useNotice } from "../../admin-ui";
import { addPostApi, adminPostsApi, deletePostApi, updatePostApi } from "../../../../shared/blog/admin-api";
import { api } from "../../api";
import { useConfirm } from "../../../ui/useConfirm";
import s from "../../admin.module.css";
import DraftOffer from "./DraftOffer";
import ModerationQueue from "./ModerationQueue";
import PostComments from "./PostComments";
import PublishingFields from "./PublishingFields";
import PostEditor from "./PostEditor";
import PostImageFields from "./PostImageFields";
import PostsTable from "./PostsTable";
import {
  discardDraftQuietly,
  EMPTY,
  formOf,
  checkPost,
  readDraft,
  savedMessage,
  submitLabel,
  useLocalDraft,
  type Form,
} from "./post-form";
import { type AdminPost } from "../../../../shared/blog/admin-api";

const FIX_ERRORS = "Please correct the errors in the form.";

/** Dashboard screen 'Post an article': the post form (admin, root_admin) and the posts table. */
export default function BlogAdmin({ session }: { session: StaffSession }) {
  const writer = may(session.role, "blog:change");
  const { notice, show, fail, clear } = useNotice();
  const { ask, dialog } = useConfirm();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<Form>(EMPTY);
  /** The form as loaded (empty, or the post being edited): a local draft is kept only when it differs. */
  const [baseline, setBaseline] = useState<Form>(EMPTY);
  const [files, setFiles] = useState<{ image1: File | null; image2: File | null }>({
    image1: null,
    image2: null,
  });
  const [fileKey, setFileKey] = useState(0);
  const [editing, setEditing] = useState<AdminPost | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [commentsOf, setCommentsOf] = useState<AdminPost | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const editingId = editing?.id ?? null;
  const { offer, setOffer, restoreDraft, discardDraft } = useLocalDraft({
    writer,
    form,
    baseline,
    editingId,
    setForm,
  });

  const { rows: posts, info, reload } = usePagedList(adminPostsApi, "posts", { page }, fail);

  // The form's alert lasts as long as one of its field errors does.
  const fixing = notice?.kind === "error" && notice.text === FIX_ERRORS;
  const errorCount = Object.keys(errors).length;
  useEffect(() => {
    if (fixing && errorCount === 0) clear();
  }, [fixing, errorCount, clear]);

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
    const loaded = formOf(p);
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
    const { sent, errs } = checkPost(form, files);
    setErrors(errs);
    if (Object.keys(errs).length) {
      show("error", FIX_ERRORS);
      return;
    }
    const body = new FormData();
    if (editing) body.set("id", String(editing.id));
    for (const [k, v] of Object.entries(sent)) if (v !== "") body.set(k, v);
    if (files.image1) body.set("image1", files.image1);
    if (files.image2) body.set("image2", files.image2);
    setBusy(true);
    try {
      const res = editing ? await api(updatePostApi, { body }) : await api(addPostApi, { body });
      show("success", savedMessage(res.message, res.post));
      discardDraftQuietly(editing?.id ?? null);
      reset();
      if (!editing && page !== 1) setPage(1);
      else await reload();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(p: AdminPost) {
    if (
      !(await ask({
        title: "Delete the post?",
        body: <p>“{p.title}” is deleted, with its comments and images. This cannot be undone.</p>,
        confirm: "Delete",
      }))
    )
      return;
    try {
      const res = await api(deletePostApi, { params: { id: p.id } });
      show("success", res.message);
      if (editing?.id === p.id) reset();
      if (commentsOf?.id === p.id) setCommentsOf(null);
      await reload();
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

      <ModerationQueue writer={writer} notices={{ show, fail }} onChanged={() => void reload()} />

      {writer && (
        <form className={s.panel} onSubmit={submit} noValidate aria-labelledby="post-form-title">
          <h2 id="post-form-title">{editing ? `Edit “${editing.title}”` : "New post"}</h2>
          {offer && (
            <DraftOffer
              savedAt={offer.savedAt}
              title={offer.form.title}
              onRestore={restoreDraft}
              onDiscard={discardDraft}
            />
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
            <PostImageFields
              fileKey={fileKey}
              editing={editing}
              errors={{ image1: err("image1"), image2: err("image2") }}
              invalid={{ image1: Boolean(errors.image1), image2: Boolean(errors.image2) }}
              onChoose={(name, file) => {
                setFiles((f) => ({ ...f, [name]: file }));
                if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
              }}
            />
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
            <PublishingFields
              status={form.status}
              slug={form.slug}
              editingPublished={editing?.status === "published"}
              publishAt={field("publishAt")}
              error={err("publishAt")}
              onStatus={(status) => setForm((f) => ({ ...f, status }))}
            />
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
              {busy ? "Saving..." : submitLabel(form.status, editing?.status)}
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
        <PostsTable
          posts={posts}
          writer={writer}
          onEdit={startEdit}
          onComments={(p) => setCommentsOf(p)}
          onRemove={(p) => void remove(p)}
        />
      )}
      <Pager info={info} onPage={setPage} label="Posts pages" />

      {commentsOf && (
        <PostComments
          post={commentsOf}
          writer={writer}
          notices={{ show, fail }}
          onChanged={() => void reload()}
          onClose={() => setCommentsOf(null)}
        />
      )}
      {dialog}
    </section>
  );
}
