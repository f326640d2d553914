import type { InputHTMLAttributes, ReactNode } from "react";

export interface FieldProps {
  /** The control's id; its hint and error lines are `<id>-hint` and `<id>-error`. */
  id: string;
  label: ReactNode;
  /** After the label: " *" for a required field, "(optional)" for an optional one. */
  mark?: ReactNode;
  /** A line under the control, read out with it (aria-describedby). */
  hint?: ReactNode;
  /** The hint's look: "dash-hint" in the dashboard, "modal__hint" in a dialog. */
  hintClass?: string;
  /** The field's problem, shown under the control. */
  error?: string | undefined;
  /** Extra classes for the error line. */
  errorClass?: string;
  /** Keep the (hidden) error line in the page while there is no problem. */
  keepError?: boolean;
  /** Extra classes for the wrapper (its place in a layout). */
  fieldClass?: string;
  children: ReactNode;
}

/** What a field's control is described by: its hint and its error line, when present. */
export function describedBy(id: string, opts: { hint?: unknown; error?: unknown }): string | undefined {
  return (
    [opts.hint ? `${id}-hint` : "", opts.error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined
  );
}

/**
 * A field's error line, `<id>-error`. `keep` leaves it in the page (hidden) while there is no
 * problem; `live` announces a problem found while typing or on leaving the field.
 */
export function ErrorLine(p: {
  id: string;
  error: string | undefined;
  className?: string | undefined;
  keep?: boolean | undefined;
  live?: boolean;
}) {
  const line = (p.error || p.keep) && (
    <p
      id={`${p.id}-error`}
      className={p.className ? `field-error ${p.className}` : "field-error"}
      hidden={!p.error}
    >
      {p.error}
    </p>
  );
  return p.live ? <div aria-live="polite">{line}</div> : line || null;
}

/** " *" after a required field's label; the control itself says it is required. */
export const requiredMark = <span aria-hidden="true"> *</span>;

/**
 * A form field's frame: the label, the control (children), its hint and its error line. Every
 * form uses it, so labels, hints and errors are tied to their control the same way everywhere.
 */
export function Field({
  id,
  label,
  mark,
  hint,
  hintClass = "dash-hint",
  error,
  errorClass,
  keepError,
  fieldClass,
  children,
}: FieldProps) {
  return (
    <div className={fieldClass ? `field ${fieldClass}` : "field"}>
      <label htmlFor={id}>
        {label}
        {mark}
      </label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className={hintClass}>
          {hint}
        </span>
      )}
      <ErrorLine id={id} error={error} className={errorClass} keep={keepError} />
    </div>
  );
}

export interface TextFieldProps
  extends
    Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "aria-describedby">,
    Pick<FieldProps, "mark" | "hint" | "hintClass" | "error" | "errorClass" | "keepError" | "fieldClass"> {
  id: string;
  label: ReactNode;
  value: string;
  /** The new text (absent for a read-only field). */
  onChange?: (value: string) => void;
}

/** A labelled one-line input with an optional hint and error: the form field every form uses. */
export function TextField({
  id,
  label,
  value,
  onChange,
  mark,
  hint,
  hintClass,
  error,
  errorClass,
  keepError,
  fieldClass,
  ...input
}: TextFieldProps) {
  return (
    <Field {...{ id, label, mark, hint, hintClass, error, errorClass, keepError, fieldClass }}>
      <input
        id={id}
        value={value}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        readOnly={!onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...input}
      />
    </Field>
  );
}
