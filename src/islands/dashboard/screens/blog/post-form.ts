/** The blog admin's post form: its fields, the copy of unsaved work kept in this browser, checks. */
import { useEffect, useState } from "react";
import type { AdminPost } from "../../../../shared/blog/admin-api";
import { postSchema } from "../../../../shared/blog/post-schemas";
import { fieldErrors } from "../../../../shared/common/schema-fields";
import { MAX_FILES_BYTES, MAX_FILES_LABEL, UPLOADS } from "../../../../shared/common/upload-limits";

/** The two pictures of a post: its author's profile image and its banner (SPEC names image1, image2). */
export const IMAGE_FIELDS = [
  ["image1", "Profile Image"],
  ["image2", "Banner Image"],
] as const;

export const EMPTY = {
  title: "",
  author: "",
  category: "",
  content: "",
  slug: "",
  /** A new post is a draft until the editor chooses to schedule or publish it. */
  status: "draft" as "draft" | "scheduled" | "published",
  /** A datetime-local value: the date and time in this browser's time zone. */
  publishAt: "",
  format: "markdown" as "markdown" | "text",
};
export type Form = typeof EMPTY;

export const STATUS_LABEL = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

/**
 * The submit button names the act: a new post is saved as a draft, scheduled or published; an
 * edit that keeps the post's state updates it, one that changes it names the change.
 */
export function submitLabel(status: Form["status"], editing: Form["status"] | undefined): string {
  if (editing === status) return "Update Post";
  if (status === "draft") return editing ? "Save as draft" : "Save draft";
  return status === "scheduled" ? "Schedule" : "Publish";
}

/** Where a post is read once public. */
export const postAddress = (slug: string) => `/blog/${slug}`;

/** The success message, naming where a public or scheduled post appears. */
export function savedMessage(message: string, post: { status: Form["status"]; slug: string }): string {
  const where = postAddress(post.slug);
  if (post.status === "published") return `${message} It appears on /blog and at ${where}.`;
  if (post.status === "scheduled") return `${message} At its time it appears on /blog and at ${where}.`;
  return `${message} It stays a draft: only staff can see it, through its preview link.`;
}

/** The staff member's own time zone, named for the schedule field. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO instant as a datetime-local value in this browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Unsaved work is kept in this browser until it is saved or discarded. */
export const draftKey = (id: number | null) => `blog-draft:${id ?? "new"}`;
export interface LocalDraft {
  form: Form;
  savedAt: string;
}
export function readDraft(id: number | null): LocalDraft | null {
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

/** The form filled with a post, to edit it. */
export function formOf(p: AdminPost): Form {
  return {
    title: p.title,
    author: p.author,
    category: p.category,
    content: p.content,
    slug: p.slug,
    status: p.status,
    publishAt: p.status === "scheduled" ? toLocalInput(p.date) : "",
    format: p.format,
  };
}

export function discardDraftQuietly(id: number | null) {
  try {
    localStorage.removeItem(draftKey(id));
  } catch {
    // nothing kept
  }
}

/** What the form sends, and its problems by field (the server checks everything again). */
export function checkPost(form: Form, files: { image1: File | null; image2: File | null }) {
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
  return { sent, errs };
}

/**
 * Unsaved work kept in this browser: every change is stored a moment after typing stops, until it
 * is saved or discarded, and a copy left behind by a closed tab is offered back.
 */
export function useLocalDraft(o: {
  writer: boolean;
  form: Form;
  /** The form as loaded (empty, or the post being edited): a copy is kept only when it differs. */
  baseline: Form;
  editingId: number | null;
  setForm(form: Form): void;
}) {
  const { writer, form, baseline, editingId, setForm } = o;
  const [offer, setOffer] = useState<LocalDraft | null>(null);

  // A draft left behind by a closed tab is offered back when the new-post form opens.
  useEffect(() => {
    if (writer) setOffer(readDraft(null));
  }, [writer]);

  // Every change is kept (a moment after typing stops) until saved or discarded.
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

  return { offer, setOffer, restoreDraft, discardDraft };
}
