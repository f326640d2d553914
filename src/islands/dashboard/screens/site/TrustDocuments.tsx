/**
 * The Site content screen's trust center documents: every member who sees the screen sees them
 * and their state; admins (documents:change) upload a PDF, publish, unpublish, replace and remove
 * them. A file goes from the browser straight to storage through the signed link the upload
 * answers (a PUT, with its progress shown), never through a function; publishing then checks the
 * stored file on the server (a PDF by its bytes, within the limit) and refuses an example in
 * production. The upload's checks and transfer are in document-upload.ts, its form in
 * TrustUploadForm.tsx; this file keeps the list and what each document's buttons do.
 */
import { useCallback, useEffect, useState } from "react";
import { may } from "../../../../shared/staff/permissions";
import type { StaffSession } from "../../../../shared/staff/staff";
import {
  adminTrustDocumentsApi,
  deleteTrustDocumentApi,
  publishTrustDocumentApi,
  unpublishTrustDocumentApi,
  type TrustDocumentView,
} from "../../../../shared/trust/api";
import { MAX_DOCUMENT_LABEL, type DocumentAccess } from "../../../../shared/trust/trust";
import { useConfirm } from "../../../ui/useConfirm";
import { formatDay, Notice, useNotice } from "../../admin-ui";
import { api, ApiError } from "../../api";
import s from "../../admin.module.css";
import c from "./site.module.css";
import { States } from "./parts";
import { fileProblem, fileSize, megabytes, putFile, startUpload } from "./document-upload";
import TrustUploadForm from "./TrustUploadForm";

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
      {admin && <TrustUploadForm busy={busy} onUpload={(input, file) => uploadAndPublish(input, file)} />}
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
