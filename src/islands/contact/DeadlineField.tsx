import DatePicker from "react-datepicker";
import { LABELS } from "../../shared/contact/contact";
import { ErrorLine, Field, requiredMark } from "../ui/TextField";
import s from "./ContactForm.module.css";

interface Props {
  /** The input's id; its hint is `<id>-hint`, its error line `<id>-error`. */
  id: string;
  date: Date | null;
  minDate: Date;
  error: string | undefined;
  describedBy: string | undefined;
  /** A day was chosen (or cleared) in the calendar. */
  onDate(date: Date | null): void;
  /** Text was typed. */
  onRaw(text: string): void;
  onBlur(): void;
}

/** The deadline: a date picker (MM/dd/yyyy, weeks from Sunday, from today on) that also takes typing. */
export default function DeadlineField({
  id,
  date,
  minDate,
  error,
  describedBy,
  onDate,
  onRaw,
  onBlur,
}: Props) {
  return (
    <Field id={id} label={LABELS.deadline} mark={requiredMark}>
      <DatePicker
        id={id}
        name="deadline"
        selected={date}
        onChange={(d: Date | null) => onDate(d)}
        onChangeRaw={(e) => {
          const target = e?.target as HTMLInputElement | undefined;
          if (target && typeof target.value === "string") onRaw(target.value);
        }}
        onBlur={onBlur}
        dateFormat="MM/dd/yyyy"
        placeholderText="MM/DD/YYYY"
        calendarStartDay={0}
        minDate={minDate}
        strictParsing
        autoComplete="off"
        wrapperClassName={s.dateWrap ?? ""}
        ariaRequired="true"
        ariaInvalid={error ? "true" : "false"}
        ariaDescribedBy={describedBy}
      />
      <p id={`${id}-hint`} className={s.hint}>
        Format MM/DD/YYYY
      </p>
      <ErrorLine id={id} error={error} className={s.error} keep live />
    </Field>
  );
}
