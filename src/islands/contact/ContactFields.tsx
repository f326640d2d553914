import { LABELS } from "../../shared/contact/rules";
import { describedBy, Field, requiredMark } from "../ui/TextField";
import s from "./ContactForm.module.css";

interface SelectProps {
  id: string;
  name: "companySize" | "budget" | "projectType";
  options: readonly string[];
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

/** A required choice of the contact form (company size, budget, project type). */
export function ContactSelect({ id, name, options, value, error, onChange }: SelectProps) {
  return (
    <Field id={id} label={LABELS[name]} mark={requiredMark} error={error} errorClass={s.error} keepError>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
      >
        <option value="">Select {LABELS[name].toLowerCase()}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Field>
  );
}

interface DetailsProps {
  id: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

/** Project details: the one optional field, a few lines of free text. */
export function ProjectDetails({ id, value, error, onChange }: DetailsProps) {
  return (
    <Field
      id={id}
      label={LABELS.projectDetails}
      error={error}
      errorClass={s.error}
      keepError
      fieldClass={s.wide}
    >
      <textarea
        id={id}
        name="projectDetails"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={5}
        maxLength={5000}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
      />
    </Field>
  );
}
