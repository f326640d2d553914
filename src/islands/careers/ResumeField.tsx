import type { RefObject } from "react";
import { MAX_FILES_LABEL, UPLOADS } from "../../shared/common/upload-limits";
import { describedBy, ErrorLine, requiredMark } from "../ui/TextField";
import s from "./application.module.css";

interface Props {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  error?: string | undefined;
  onChoose(file: File | null): void;
}

/** The resume: one PDF, DOC or DOCX file, with its limits said under it. */
export default function ResumeField({ id, inputRef, error, onChoose }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>
        Resume
        {requiredMark}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="resume"
        type="file"
        accept={UPLOADS.resume.accept}
        required
        className={s.file}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className={s.hint}>
        {UPLOADS.resume.names}, at most {MAX_FILES_LABEL}.
      </p>
      <ErrorLine id={id} error={error} />
    </div>
  );
}
