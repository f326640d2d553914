import { useRef, useState, type KeyboardEvent } from "react";
import { readingStats } from "../../../../shared/blog/blog";
import { MAX_FILES_LABEL, UPLOADS } from "../../../../shared/common/upload-limits";
import { previewPostApi, uploadPostImageApi } from "../../../../shared/blog/admin-api";
import { api } from "../../api";
import s from "../../admin.module.css";
import ed from "./PostEditor.module.css";

type Tab = "write" | "preview";

interface Props {
  value: string;
  onChange: (v: string) => void;
  format: "markdown" | "text";
  error?: string | undefined;
  onError: (err: unknown) => void;
}

/**
 * A post's text: Write and Preview tabs (the preview is rendered by the server with the same rules
 * as the public page), a picture inserted as Markdown after it is uploaded, and the word count and
 * reading time.
 */
export default function PostEditor({ value, onChange, format, error, onError }: Props) {
  const [tab, setTab] = useState<Tab>("write");
  const [preview, setPreview] = useState<{ html: string; source: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ write: null, preview: null });
  const stats = readingStats(value);

  async function select(t: Tab, focus = false) {
    setTab(t);
    if (focus) tabs.current[t]?.focus();
    if (t !== "preview" || preview?.source === `${format}:${value}`) return;
    if (!value.trim()) {
      setPreview({ html: "", source: `${format}:${value}` });
      return;
    }
    setLoading(true);
    try {
      const res = await api(previewPostApi, { body: { content: value, format } });
      setPreview({ html: res.html, source: `${format}:${value}` });
    } catch (err) {
      onError(err);
    } finally {
      setLoading(false);
    }
  }

  function onKey(e: KeyboardEvent) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
    e.preventDefault();
    const to: Tab =
      e.key === "Home" ? "write" : e.key === "End" ? "preview" : tab === "write" ? "preview" : "write";
    void select(to, true);
  }

  async function upload(file: File | undefined) {
    setUploadError(null);
    if (!file) return;
    if (!UPLOADS.image.mimes.includes(file.type)) {
      setUploadError(`The picture must be a ${UPLOADS.image.names} file.`);
      return;
    }
    if (file.size > UPLOADS.image.maxBytes) {
      setUploadError(`The picture is too large: the limit is ${MAX_FILES_LABEL}.`);
      return;
    }
    const body = new FormData();
    body.set("image", file);
    body.set("alt", file.name.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " "));
    setUploading(true);
    try {
      const res = await api(uploadPostImageApi, { body });
      const el = area.current;
      const at = el ? el.selectionEnd : value.length;
      const before = value.slice(0, at);
      const sep = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
      onChange(`${before}${sep}${res.markdown}\n\n${value.slice(at)}`);
      setFileKey((k) => k + 1);
    } catch (err) {
      setUploadError(err instanceof Error ? err.message : "The picture could not be uploaded.");
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className={ed.editor}>
      <div className={ed.editorBar}>
        <label className={ed.editorLabel} htmlFor="post-content">
          Content
        </label>
        <div role="tablist" aria-label="Editor view" className={`${s.tabs} ${ed.barTabs}`}>
          {(["write", "preview"] as const).map((t) => (
            <button
              key={t}
              ref={(el) => {
                tabs.current[t] = el;
              }}
              type="button"
              role="tab"
              id={`editor-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`editor-panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              className={s.tab}
              onClick={() => void select(t)}
              onKeyDown={onKey}
            >
              {t === "write" ? "Write" : "Preview"}
            </button>
          ))}
        </div>
      </div>
      <div
        role="tabpanel"
        id="editor-panel-write"
        aria-labelledby="editor-tab-write"
        hidden={tab !== "write"}
      >
        <textarea
          ref={area}
          id="post-content"
          value={value}
          rows={16}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? "post-content-error " : ""}post-content-hint post-content-stats`}
          onChange={(e) => onChange(e.target.value)}
        />
        <p className={s.hint} id="post-content-hint">
          {format === "markdown"
            ? "Markdown: ## Heading, **bold**, *italic*, [link](https://…), - list, > quote, ``` code ```, tables. HTML tags are left out."
            : "Plain text: shown exactly as typed, with its line breaks."}
        </p>
        {format === "markdown" && (
          <div className={`field ${ed.imageInsert}`}>
            <label htmlFor="post-inline-image">Insert an image</label>
            <input
              key={fileKey}
              id="post-inline-image"
              type="file"
              className={s.file}
              accept={UPLOADS.image.accept}
              disabled={uploading}
              aria-describedby={uploadError ? "post-inline-image-error" : undefined}
              aria-invalid={uploadError ? true : undefined}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            {uploading && <p className={s.hint}>Uploading the image...</p>}
            {uploadError && (
              <p className="field-error" id="post-inline-image-error">
                {uploadError}
              </p>
            )}
          </div>
        )}
      </div>
      <div
        role="tabpanel"
        id="editor-panel-preview"
        aria-labelledby="editor-tab-preview"
        hidden={tab !== "preview"}
        tabIndex={0}
        className={ed.previewPanel}
      >
        {loading || !preview ? (
          <p>Rendering the preview...</p>
        ) : preview.html ? (
          // Rendered and sanitised by the server, the same HTML the public page shows.
          <div className={ed.previewBody} dangerouslySetInnerHTML={{ __html: preview.html }} />
        ) : (
          <p>Nothing to preview yet.</p>
        )}
      </div>
      <p className={s.hint} id="post-content-stats" aria-live="polite">
        {stats.words} word{stats.words === 1 ? "" : "s"} · {stats.minutes} min read
      </p>
    </div>
  );
}
