import { useEffect, useRef, useState, type ComponentType } from "react";
import type { Country } from "react-phone-number-input";
import names from "react-phone-number-input/locale/en.json";
import { LABELS } from "../../shared/contact/rules";
import { countryCode } from "../ui/CountrySelect";
import { describedBy, ErrorLine, Field, requiredMark } from "../ui/TextField";
import type { NumberProps } from "./PhoneNumber";
import s from "./ContactForm.module.css";

type PhoneModule = typeof import("./PhoneNumber");
let phone: Promise<PhoneModule> | undefined;
/**
 * The phone field's chunk (react-phone-number-input and the metadata of every country's numbers),
 * fetched once: when the visitor starts on the form, reaches for this field, or the form is sent.
 */
export const loadPhone = () => (phone ??= import("./PhoneNumber"));

const Flag = countryCode(s.flag);
const countryName = (c: string) => (names as Record<string, string | undefined>)[c] ?? c;

interface Props {
  /** The number input's id; its error line is `<id>-error`. */
  id: string;
  value: string;
  /** The country preselected (the visitor's, from /api/geo). */
  country: Country;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
  onCountryChange(country: Country | undefined): void;
}

/**
 * The mobile number: a country picker (codes, not flag images) and the number, checked on leaving.
 * Until its chunk arrives the field is react-phone-number-input's markup with the chosen country
 * alone (what the picker shows until it is reached for, see CountrySelect) and a plain number
 * input; the chunk then takes over with what was typed, keeping the focus where it was.
 */
export default function MobileField(props: Props) {
  const { id, value, error, onChange, onBlur } = props;
  const [mod, setMod] = useState<PhoneModule | null>(null);
  const [focus, setFocus] = useState<"select" | "input" | null>(null);
  const [country, setCountry] = useState<Country>(props.country);
  const [typed, setTyped] = useState("");
  const select = useRef<HTMLSelectElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const want = () => {
    void loadPhone().then((m) => {
      const active = document.activeElement;
      setFocus(active === select.current ? "select" : active === input.current ? "input" : null);
      setMod(m);
    });
  };
  // Fetched as soon as the visitor starts on the form (the phone field is its seventh).
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    form.addEventListener("focusin", want, { once: true });
    form.addEventListener("pointerdown", want, { once: true });
    return () => {
      form.removeEventListener("focusin", want);
      form.removeEventListener("pointerdown", want);
    };
  }, []);
  // The geo answer may come before or after the chunk: the chunk checks it against its metadata.
  useEffect(() => setCountry(props.country), [props.country]);
  useEffect(() => {
    if (!mod) return;
    if (typed) onChange(mod.carried(typed, mod.supported(country) ?? "US"));
    const number = document.getElementById(id);
    if (focus === "input") number?.focus();
    if (focus === "select") number?.parentElement?.querySelector("select")?.focus();
    // Once, when the chunk has arrived.
  }, [mod]);

  const Real: ComponentType<NumberProps> | undefined = mod?.default;
  return (
    <Field id={id} label={LABELS.mobile} mark={requiredMark}>
      {Real && mod ? (
        <Real {...props} country={mod.supported(country) ?? "US"} />
      ) : (
        <div className={`${s.phone ?? ""} PhoneInput`}>
          <div className="PhoneInputCountry">
            <select
              ref={select}
              name="mobileCountry"
              aria-label="Country of the mobile number"
              className="PhoneInputCountrySelect"
              value={country}
              onChange={() => {}}
              onPointerDown={want}
              onKeyDown={want}
              onFocus={want}
            >
              <option value={country}>{countryName(country)}</option>
            </select>
            <div aria-hidden="true" className="PhoneInputCountryIcon PhoneInputCountryIcon--border">
              <Flag country={country} />
            </div>
            <div className="PhoneInputCountrySelectArrow" />
          </div>
          <input
            ref={input}
            type="tel"
            autoComplete="tel"
            id={id}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, { error })}
            className="PhoneInputInput"
            name="mobile"
            value={typed || value}
            onChange={(e) => setTyped(e.target.value.replace(/[^\d+]/g, ""))}
            onPointerDown={want}
            onFocus={want}
            onBlur={onBlur}
          />
        </div>
      )}
      <ErrorLine id={id} error={error} className={s.error} keep live />
    </Field>
  );
}
