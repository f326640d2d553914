import type { ReactNode } from "react";
import { MAX_FILES_LABEL, UPLOADS } from "../../../../shared/common/upload-limits";
import s from "../../admin.module.css";
import { IMAGE_FIELDS } from "./post-form";
import { type AdminPost } from "../../../../shared/blog/admin-api";

type ImageField = (typeof IMAGE_FIELDS)[number][0];

interface Props {
  /** Changes to empty the file inputs (after a save or a cancel). */
  fileKey: number;
  /** The post being edited: its current images are shown. */
  editing: AdminPost | null;
  errors: Record<ImageField, ReactNode>;
  invalid: Record<ImageField, boolean>;
  onChoose(name: ImageField, file: File | null): void;
}

/** A post's two optional pictures (profile image and banner), their limits, and the current ones. */
export default function PostImageFields({ fileKey, editing, errors, invalid, onChoose }: Props) {
  return (
    <>
      {IMAGE_FIELDS.map(([name, label]) => (
        <div className="field" key={name}>
          <label htmlFor={`post-${name}`}>{label}</label>
          <input
            key={`${name}-${fileKey}`}
            id={`post-${name}`}
            type="file"
            className={s.file}
            accept={UPLOADS.image.accept}
            aria-describedby={invalid[name] ? `post-${name}-error post-images-hint` : "post-images-hint"}
            aria-invalid={invalid[name] ? true : undefined}
            onChange={(e) => onChoose(name, e.target.files?.[0] ?? null)}
          />
          {errors[name]}
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
    </>
  );
}
