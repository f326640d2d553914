import type { InputHTMLAttributes, ReactNode } from "react";

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "value" | "onChange" | "aria-describedby"
> {
  id: string;
  label: string;
  value: string;
  /** The new text (absent for a read-only field). */
  onChange?: (value: string) => void;
  /** A line under the control, read out with it (aria-describedby). */
  hint?: ReactNode;
  /** The hint's look: "dash-hint" in the dashboard, "modal__hint" in a dialog. */
  hintClass?: string;
  /** Extra classes for the wrapper (its place in a layout). */
  fieldClass?: string;
}

/** A labelled one-line input with an optional hint: the form field every dialog and screen uses. */
export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  hintClass = "dash-hint",
  fieldClass,
  ...input
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={fieldClass ? `field ${fieldClass}` : "field"}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        readOnly={!onChange}
        aria-describedby={hintId}
        {...input}
      />
      {hint && (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      )}
    </div>
  );
}
