import { useEffect, useRef, useState, type ComponentType } from "react";
import { flushSync } from "react-dom";
import { LABELS, parseUsDate } from "../../shared/contact/rules";
import { ErrorLine, Field, requiredMark } from "../ui/TextField";
import type { PickerProps } from "./DeadlinePicker";
import s from "./ContactForm.module.css";

interface Props {
  /** The input's id; its hint is `<id>-hint`, its error line `<id>-error`. */
  id: string;
  date: Date | null;
  /** What was typed while no day is chosen (a past or unreadable date): kept in the field. */
  text: string;
  minDate: Date;
  error: string | undefined;
  describedBy: string | undefined;
  /** A day was chosen (or cleared) in the calendar. */
  onDate(date: Date | null): void;
  /** Text was typed. */
  onRaw(text: string): void;
  onBlur(): void;
}

let picker: Promise<ComponentType<PickerProps>> | undefined;
/** The calendar's chunk (about half of the form's script), fetched once, when first wanted. */
export const loadPicker = () => (picker ??= import("./DeadlinePicker").then((m) => m.default));

/**
 * The deadline: a date picker (MM/dd/yyyy, weeks from Sunday, from today on) that also takes typing.
 * Until the visitor reaches for it, the field is the picker's own input (same markup, same
 * attributes) without the calendar's script; a pointer, touch or focus on it fetches the calendar,
 * which then takes the field over with whatever was typed, and opens when the field has focus.
 */
export default function DeadlineField(props: Props) {
  const { id, minDate, error, describedBy, onDate, onRaw, onBlur } = props;
  const [Picker, setPicker] = useState<ComponentType<PickerProps> | null>(null);
  const [text, setText] = useState("");
  const [carried, setCarried] = useState<string | undefined>(undefined);
  const [focus, setFocus] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const want = () => {
    void loadPicker().then((P) => {
      // At once: a render left for later would let keys typed meanwhile go to the plain field
      // after its text was taken, and be lost with it.
      flushSync(() => {
        const el = input.current;
        if (!el) return; // the calendar has taken the field over already
        setFocus(document.activeElement === el);
        setCarried(el.value ? el.value : undefined);
        setPicker(() => P);
      });
    });
  };
  // A field that already has focus when the island hydrates (a fast Tab) still gets its calendar.
  useEffect(() => {
    if (input.current && document.activeElement === input.current) want();
  }, []);

  const typed = (value: string) => {
    setText(value);
    // What the calendar does with typing: a whole day from minDate on is chosen, else the text is kept.
    const iso = parseUsDate(value);
    const day = iso
      ? new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8)))
      : null;
    if (day && day >= minDate) onDate(day);
    else onRaw(value);
  };

  return (
    <Field id={id} label={LABELS.deadline} mark={requiredMark}>
      {Picker ? (
        <Picker
          {...props}
          carried={carried}
          focus={focus}
          onDate={(d) => {
            setCarried(undefined);
            onDate(d);
          }}
          onRaw={(t) => {
            setCarried(undefined);
            onRaw(t);
          }}
        />
      ) : (
        <div className={`react-datepicker-wrapper ${s.dateWrap ?? ""}`}>
          <div className="react-datepicker__input-container">
            <input
              ref={input}
              type="text"
              id={id}
              placeholder="MM/DD/YYYY"
              autoComplete="off"
              className=""
              aria-describedby={describedBy}
              aria-invalid={error ? "true" : "false"}
              aria-required="true"
              name="deadline"
              value={text}
              onChange={(e) => typed(e.target.value)}
              onPointerEnter={want}
              onPointerDown={want}
              onTouchStart={want}
              onFocus={want}
              onBlur={onBlur}
            />
          </div>
        </div>
      )}
      <p id={`${id}-hint`} className={s.hint}>
        Format MM/DD/YYYY
      </p>
      <ErrorLine id={id} error={error} className={s.error} keep live />
    </Field>
  );
}
