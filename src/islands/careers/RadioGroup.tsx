import { describedBy, ErrorLine, requiredMark } from "../ui/TextField";
import s from "./application.module.css";

interface Props {
  /** The first radio button's id (where a refused submit puts the focus); the error line is `<id>-error`. */
  id: string;
  name: string;
  legend: string;
  options: readonly string[];
  value: string;
  /** A required group says what is missing under it. */
  required?: boolean;
  error?: string | undefined;
  onChange(value: string): void;
}

/** One choice out of a few, as radio buttons in a fieldset. */
export default function RadioGroup({ id, name, legend, options, value, required, error, onChange }: Props) {
  return (
    <fieldset className={s.choice} aria-describedby={required ? describedBy(id, { error }) : undefined}>
      <legend>
        {legend}
        {requiredMark}
      </legend>
      <div className={s.radios}>
        {options.map((o, i) => (
          <label key={o} className={s.radio}>
            <input
              type="radio"
              name={name}
              id={i === 0 ? id : undefined}
              value={o}
              checked={value === o}
              required={required}
              onChange={() => onChange(o)}
            />
            {o}
          </label>
        ))}
      </div>
      <ErrorLine id={id} error={error} />
    </fieldset>
  );
}
