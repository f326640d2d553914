/**
 * The Site content screen's trust center documents: every member who sees the screen sees them
 * and their state; admins (documents:change) upload a PDF, publish, unpublish, replace and remove
 * them. A file goes from the browser straight to storage through the signed link the upload
 * answers (a PUT, with its progress shown), never through a function; publishing then checks the
 * stored file on the server (a PDF by its bytes, within the limit) and refuses an example in
 * production.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { may } from "../../../../shared/staff/permissions";
import type { StaffSession } from "../../../../shared/staff/staff";
import {
  adminTrustDocumentsApi,
  deleteTrustDocumentApi,
  publishTrustDocumentApi,
  unpublishTrustDocumentApi,
  uploadTrustDocumentApi,
  type TrustDocumentView,
} from "../../../../shared/trust/api";
import {
  DOCUMENT_ACCESS,
  DOCUMENT_ACCESS_LABELS,
  DOCUMENT_LABELS,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_LABEL,
  type DocumentAccess,
} from "../../../../shared/trust/trust";
import { useConfirm } from "../../../ui/useConfirm";
import { Field, TextField, requiredMark } from "../../../ui/TextField";
import { formatDay, Notice, useNotice } from "../../admin-ui";
import { api, ApiError } from "../../api";
import s from "../../admin.module.css";
import c from "./site.module.css";
import { States } from "./parts";

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
/** A file's size as people read it: kB under a megabyte. */
const fileSize = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : megabytes(bytes);

/** What is wrong with a chosen file before anything is sent, in words; undefined when it may go. */
export function fileProblem(file: File | undefined): string | undefined {
  if (!file) return "Choose the PDF file to upload.";
  const pdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
  if (!pdf) return `“${file.name}” is not a PDF. Choose the document as a PDF file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_DOCUMENT_BYTES)
    return `“${file.name}” is ${megabytes(file.size)}: the limit is ${MAX_DOCUMENT_LABEL}.`;
  return undefined;
}

type Link = Awaited<ReturnType<typeof startUpload>>["upload"];
const startUpload = (body: { id?: string; title: string; access: DocumentAccess; size: number }) =>
  api(uploadTrustDocumentApi, { body });

/**
 * Sends the file to the signed link, reporting progress (fetch reports none for an upload). A
 * refusal by storage or a lost connection is thrown in words.
 */
function putFile(link: Link, file: File, onProgress: (sent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(link.method, link.url);
    for (const [k, v] of Object.entries(link.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let error = "";
      try {
        error = (JSON.parse(xhr.responseText) as { error?: string }).error ?? "";
      } catch {
        /* storage answered in its own words (S3: XML) */
      }
      reject(
        new ApiError(
          xhr.status,
          error ||
            `Storage refused the file (${xhr.status}). Try the upload again; if it fails again, tell the site's owner.`,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, "The upload was cut off: check your connection and try again."));
    xhr.send(file);
  });
}

export default function TrustDocuments({ session }: { session: StaffSession }) {
  const admin = may(session.role, "documents:change");
  const { notice, show, fail } = useNotice();
  const { ask, dialog } = useConfirm();
  const [list, setList] = useState<TrustDocumentView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState("");

  const load = useCallback(async () => {
    try {
      setList((await api(adminTrustDocumentsApi)).documents);
    } catch (err) {
      fail(err);
    }
  }, [fail]);

  useEffect(() => {
    void load();
  }, [load]);

  async function run(task: () => Promise<{ message: string }>): Promise<boolean> {
    setBusy(true);
    try {
      show("success", (await task()).message);
      return true;
    } catch (err) {
      fail(err);
      return false;
    } finally {
      setBusy(false);
      setProgress("");
      await load();
    }
  }

  /** Asks for a link, sends the file to storage, then publishes it (checked on the server). */
  const uploadAndPublish = (input: { id?: string; title: string; access: DocumentAccess }, file: File) =>
    run(async () => {
      setProgress("Preparing the upload…");
      const { document, upload } = await startUpload({ ...input, size: file.size });
      const total = megabytes(file.size);
      await putFile(upload, file, (sent) =>
        setProgress(`Uploading “${document.title}”: ${megabytes(sent)} of ${total}…`),
      );
      setProgress("Checking the file and publishing…");
      try {
        return await api(publishTrustDocumentApi, { params: { id: document.id } });
      } catch (err) {
        throw new ApiError(
          err instanceof ApiError ? err.status : 0,
          `The file was uploaded but not published: ${err instanceof Error ? err.message : "try again"}`,
        );
      }
    });

  async function replace(d: TrustDocumentView, file: File | undefined) {
    const problem = fileProblem(file);
    if (problem) return show("error", problem);
    await uploadAndPublish({ id: d.id, title: d.title, access: d.access }, file!);
  }

  async function remove(d: TrustDocumentView) {
    const ok = await ask({
      title: "Remove the document?",
      body: <p>“{d.title}” and its file will be gone for good; /trust stops listing it at once.</p>,
      confirm: "Remove",
    });
    if (ok) await run(() => api(deleteTrustDocumentApi, { params: { id: d.id } }));
  }

  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      <Notice notice={notice} />
      <p>
        The documents <a href="/trust">/trust</a> offers: public ones download as they are, restricted ones
        reach a requester through an approved request. PDF only, up to {MAX_DOCUMENT_LABEL}.
        {admin ? "" : " Only an admin can upload, publish or remove them."}
      </p>
      {admin && <UploadForm busy={busy} onUpload={(input, file) => uploadAndPublish(input, file)} />}
      <p role="status" aria-live="polite" className="dash-hint">
        {progress}
      </p>
      {list === null ? (
        <p>Loading the documents...</p>
      ) : list.length === 0 ? (
        <p>No documents yet.</p>
      ) : (
        <ul className={c.list} aria-labelledby="documents-title">
          {list.map((d) => (
            <li key={d.id} className={c.row}>
              <h3>{d.title}</h3>
              <States status={d.published ? "published" : "draft"} example={d.example} />
              <dl className={s.defs}>
                <dt>Access</dt>
                <dd>{d.access === "public" ? "Public" : "Restricted (by request, under NDA)"}</dd>
                <dt>File</dt>
                <dd>{d.size === null ? "Not checked yet (draft)" : `PDF, ${fileSize(d.size)}`}</dd>
                <dt>Changed</dt>
                <dd>{formatDay(d.updatedAt)}</dd>
              </dl>
              {admin && (
                <div className={s.actions}>
                  <button
                    type="button"
                    className={s.smallButton}
                    disabled={busy}
                    onClick={() =>
                      void run(() =>
                        api(d.published ? unpublishTrustDocumentApi : publishTrustDocumentApi, {
                          params: { id: d.id },
                        }),
                      )
                    }
                  >
                    {d.published ? "Unpublish" : "Publish"}
                    <span className="visually-hidden"> {d.title}</span>
                  </button>
                  <label className={s.smallButton}>
                    Replace PDF<span className="visually-hidden"> of {d.title}</span>
                    <input
                      type="file"
                      className="visually-hidden"
                      accept="application/pdf,.pdf"
                      disabled={busy}
                      onChange={(e) => {
                        const file = e.target.files?.[0];
                        e.target.value = "";
                        void replace(d, file);
                      }}
                    />
                  </label>
                  <button
                    type="button"
                    className={s.smallButton}
                    disabled={busy}
                    onClick={() => void remove(d)}
                  >
                    Remove<span className="visually-hidden"> {d.title}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}

function UploadForm({
  busy,
  onUpload,
}: {
  busy: boolean;
  onUpload: (input: { title: string; access: DocumentAccess }, file: File) => Promise<boolean>;
}) {
  const [title, setTitle] = useState("");
  const [access, setAccess] = useState<DocumentAccess>("public");
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    const found = {
      ...(title.trim().length < 2 ? { title: "Title is required (at least 2 characters)." } : {}),
      ...(fileProblem(file) ? { file: fileProblem(file) } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await onUpload({ title: title.trim(), access }, file!)) {
      setTitle("");
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Upload a document">
      <h3>Upload a document</h3>
      <div className={s.formGrid}>
        <TextField
          id="document-title"
          label={DOCUMENT_LABELS.title}
          mark={requiredMark}
          value={title}
          error={errors.title}
          maxLength={120}
          onChange={setTitle}
          required
        />
        <Field id="document-access" label={DOCUMENT_LABELS.access} mark={requiredMark}>
          <select
            id="document-access"
            value={access}
            onChange={(e) => setAccess(e.target.value as DocumentAccess)}
          >
            {DOCUMENT_ACCESS.map((a) => (
              <option key={a} value={a}>
                {DOCUMENT_ACCESS_LABELS[a]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="document-file"
          label={DOCUMENT_LABELS.file}
          mark={requiredMark}
          hint={`PDF only, up to ${MAX_DOCUMENT_LABEL}.`}
          error={errors.file}
        >
          <input
            id="document-file"
            ref={fileInput}
            type="file"
            accept="application/pdf,.pdf"
            required
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`document-file-hint${errors.file ? " document-file-error" : ""}`}
          />
        </Field>
      </div>
      <div className={s.actions}>
        <button type="submit" className="btn" disabled={busy}>
          Upload and publish
        </button>
      </div>
    </form>
  );
}
