/**
 * The trust center documents' upload form (admins): title, who may read the document, and the PDF,
 * each checked before anything is sent; the screen (TrustDocuments.tsx) uploads what it hands over.
 */
import { useRef, useState, type FormEvent } from "react";
import {
  DOCUMENT_ACCESS,
  DOCUMENT_ACCESS_LABELS,
  DOCUMENT_LABELS,
  MAX_DOCUMENT_LABEL,
  type DocumentAccess,
} from "../../../../shared/trust/trust";
import { Field, TextField, requiredMark } from "../../../ui/TextField";
import s from "../../admin.module.css";
import { fileProblem } from "./document-upload";

export default function TrustUploadForm({
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
