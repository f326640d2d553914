import { describedBy, ErrorLine, requiredMark } from "./TextField";
import s from "./ConsentCheck.module.css";

interface Props {
  id: string;
  name: string;
  /** The sentence the person agrees to (src/shared/privacy/notice.ts). */
  label: string;
  checked: boolean;
  required?: boolean;
  error?: string | undefined;
  onChange(checked: boolean): void;
}

/**
 * One consent as a checkbox that starts unticked (a consent is never pre-ticked) and sends "yes"
 * when ticked. A required one says what is missing under it.
 */
export default function ConsentCheck({ id, name, label, checked, required, error, onChange }: Props) {
  return (
    <div className={s.consent}>
      <input
        type="checkbox"
        id={id}
        name={name}
        value="yes"
        checked={checked}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        {label}
        {required ? requiredMark : <span className={s.optional}> (optional)</span>}
      </label>
      <ErrorLine id={id} error={error} className={s.error} />
    </div>
  );
}

/** The line before the consents: where the notice is, opened in a new tab so the form stays filled in. */
export function NoticeLink({ what }: { what: string }) {
  return (
    <p className={s.notice}>
      {what}{" "}
      <a href="/privacy" target="_blank" rel="noopener">
        privacy notice
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      .
    </p>
  );
}
