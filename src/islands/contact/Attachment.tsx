import { useRef, useState, type DragEvent, type ReactNode, type RefObject } from "react";
import { formatSize, UPLOADS } from "../../shared/common/upload-limits";
import { clientFileProblem, UPLOAD_HINT } from "../../shared/contact/rules";
import s from "./ContactForm.module.css";

export type Upload = { state: "idle" } | { state: "uploading"; percent: number } | { state: "done" };

/**
 * The attachment's state: the file chosen (checked in the browser first; the server judges the
 * bytes), its upload's progress, and choosing or removing it. The form owns the messages: it is
 * told the field's problem, to clear its alert, and what to announce.
 */
export function useAttachment(form: {
  setError(problem: string | undefined): void;
  clearAlert(): void;
  setStatus(text: string): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseFile = (f: File | undefined | null, many = false) => {
    setUpload({ state: "idle" });
    form.clearAlert();
    if (!f) return;
    const problem = many ? "Attach one file only." : clientFileProblem(f);
    form.setError(problem);
    setFile(problem ? null : f);
    form.setStatus(problem ? "" : `${f.name} attached.`);
    if (problem && fileInput.current) fileInput.current.value = "";
  };
  const removeFile = () => {
    setFile(null);
    setUpload({ state: "idle" });
    form.setError(undefined);
    form.setStatus("Attachment removed.");
    if (fileInput.current) fileInput.current.value = "";
  };
  return { file, upload, setUpload, fileInput, chooseFile, removeFile };
}

interface Props {
  /** Builds the form's element ids. */
  id(name: string): string;
  inputRef: RefObject<HTMLInputElement | null>;
  file: File | null;
  upload: Upload;
  sending: boolean;
  /** The field's error line (rendered by the form, which owns the messages). */
  error: ReactNode;
  hasError: boolean;
  /** A file was chosen or dropped; `many` when more than one was dropped. */
  onChoose(file: File | undefined | null, many?: boolean): void;
  onRemove(): void;
}

/**
 * The contact form's optional attachment: a drop zone that is also the file input's label, then
 * the chosen file with the real upload progress, 'Completed', or a Remove button.
 */
export default function Attachment({
  id,
  inputRef,
  file,
  upload,
  sending,
  error,
  hasError,
  onChoose,
  onRemove,
}: Props) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setDragging(false);
    const files = e.dataTransfer.files;
    if (files.length) onChoose(files[0], files.length > 1);
  };

  return (
    <div className={`field ${s.wide}`}>
      <span className="label" id={id("upload-label")}>
        Attachment (optional)
      </span>
      <label
        className={`${s.drop} ${dragging ? s.dragging : ""}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={id("uploadedFile")}
          className={s.fileInput}
          type="file"
          name="uploadedFile"
          accept={UPLOADS.attachment.accept}
          aria-labelledby={id("upload-label")}
          aria-describedby={[id("upload-hint"), hasError ? id("uploadedFile-error") : ""]
            .filter(Boolean)
            .join(" ")}
          aria-invalid={hasError || undefined}
          onChange={(e) => onChoose(e.target.files?.[0])}
          disabled={sending}
        />
        <svg className={s.dropIcon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path
            fill="currentColor"
            d="M11 16V7.8l-2.6 2.6L7 9l5-5 5 5-1.4 1.4L13 7.8V16h-2Zm-6 4q-.8 0-1.4-.6T3 18v-3h2v3h14v-3h2v3q0 .8-.6 1.4T19 20H5Z"
          />
        </svg>
        <span>
          <strong>Drag and drop a file here</strong> or <span className={s.linkish}>click to choose one</span>
        </span>
        <span id={id("upload-hint")} className={s.hint}>
          One file: {UPLOAD_HINT}.
        </span>
      </label>
      {error}
      {file && (
        <div className={s.fileRow}>
          <span className={s.fileName}>
            {file.name} <span className={s.hint}>({formatSize(file.size)})</span>
          </span>
          {upload.state === "uploading" && (
            <span className={s.progressWrap}>
              <progress
                className={s.progress}
                max={100}
                value={upload.percent}
                aria-label="Upload progress"
              />
              <span className={s.progressText}>Uploading {upload.percent}%</span>
            </span>
          )}
          {upload.state === "done" && (
            <span className={s.done}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path fill="currentColor" d="m9.6 17.6-5.3-5.3 1.4-1.4 3.9 3.9 8.7-8.7 1.4 1.4-10.1 10.1Z" />
              </svg>
              Completed
            </span>
          )}
          {upload.state === "idle" && (
            <button
              type="button"
              className={`btn btn--ghost ${s.remove}`}
              onClick={onRemove}
              disabled={sending}
            >
              Remove<span className="visually-hidden"> {file.name}</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
