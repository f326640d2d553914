import { useState, type KeyboardEvent } from "react";
import { addTags, MAX_TAGS } from "../../shared/careers/careers-common";
import s from "./application.module.css";

export interface TagInputProps {
  id: string;
  label: string;
  /** Singular noun for the remove buttons: "Remove skill Kubernetes". */
  noun: string;
  tags: string[];
  onChange(tags: string[]): void;
  required?: boolean;
  error?: string | undefined;
}

/**
 * Tags typed into one text box: a comma or Enter adds what was typed (trimmed, without
 * duplicates); each tag has its own remove button. Leaving the box keeps what was typed.
 */
export default function TagInput({ id, label, noun, tags, onChange, required, error }: TagInputProps) {
  const [draft, setDraft] = useState("");
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function commit(text: string) {
    if (text.trim() === "") return;
    onChange(addTags(tags, text).slice(0, MAX_TAGS));
    setDraft("");
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      commit(draft);
    }
  }

  function onInput(value: string) {
    // A pasted list: everything before the last comma becomes tags, the rest stays typed.
    const last = value.lastIndexOf(",");
    if (last === -1) return setDraft(value);
    onChange(addTags(tags, value.slice(0, last)).slice(0, MAX_TAGS));
    setDraft(value.slice(last + 1).trimStart());
  }

  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className={s.optional}> (optional)</span>}
      </label>
      {tags.length > 0 && (
        <ul className={s.tags} aria-label={`${label} added`}>
          {tags.map((tag) => (
            <li key={tag.toLowerCase()} className={s.tag}>
              <span>{tag}</span>
              <button
                type="button"
                className={s.tagRemove}
                aria-label={`Remove ${noun} ${tag}`}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        value={draft}
        autoComplete="off"
        maxLength={200}
        aria-required={required && tags.length === 0 ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(e) => onInput(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => commit(draft)}
      />
      <p id={hintId} className={s.hint}>
        Type one and press Enter or a comma to add it.
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
