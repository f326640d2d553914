/**
 * The deadline's calendar (react-datepicker with its date-fns), in a chunk of its own: DeadlineField
 * imports it the first time the visitor reaches for the field (pointer, focus or touch), so the
 * form is ready without it.
 */
import DatePicker from "react-datepicker";
import s from "./ContactForm.module.css";

export interface PickerProps {
  id: string;
  date: Date | null;
  /** What was typed while no day is chosen: shown, so leaving the field does not empty it. */
  text: string;
  minDate: Date;
  error: string | undefined;
  describedBy: string | undefined;
  /** Text typed before the calendar arrived: shown until the next edit. */
  carried: string | undefined;
  /** Focus the input and open the calendar at once (the visitor was in the field when it arrived). */
  focus: boolean;
  onDate(date: Date | null): void;
  onRaw(text: string): void;
  onBlur(): void;
}

export default function DeadlinePicker(p: PickerProps) {
  // The calendar clears text it cannot take (a past day, say) when the field loses focus; the
  // visitor keeps seeing what they typed, beside the error that says why.
  const shown = p.carried ?? (p.date === null && p.text ? p.text : undefined);
  return (
    <DatePicker
      id={p.id}
      name="deadline"
      selected={p.date}
      {...(shown !== undefined ? { value: shown } : {})}
      onChange={(d: Date | null) => p.onDate(d)}
      onChangeRaw={(e) => {
        const target = e?.target as HTMLInputElement | undefined;
        if (target && typeof target.value === "string") p.onRaw(target.value);
      }}
      onBlur={p.onBlur}
      dateFormat="MM/dd/yyyy"
      placeholderText="MM/DD/YYYY"
      calendarStartDay={0}
      minDate={p.minDate}
      strictParsing
      autoComplete="off"
      autoFocus={p.focus}
      startOpen={p.focus}
      wrapperClassName={s.dateWrap ?? ""}
      ariaRequired="true"
      ariaInvalid={p.error ? "true" : "false"}
      ariaDescribedBy={p.describedBy}
    />
  );
}
