import { memo, useEffect, useRef, useState, type ComponentType } from "react";
import type { Country } from "react-phone-number-input";
import names from "react-phone-number-input/locale/en.json";
import { LABELS } from "../../shared/contact/rules";
import CountrySelect, { countryCode } from "../ui/CountrySelect";
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
const label = (c: string) => (names as Record<string, string | undefined>)[c] || c;
function CountryIcon({ country }: { country?: string }) {
  return (
    <div aria-hidden="true" className="PhoneInputCountryIcon PhoneInputCountryIcon--border">
      <Flag country={country} />
    </div>
  );
}

/** The picker's options as react-phone-number-input builds them: International, then by name. */
function countryOptions(countries: readonly string[]) {
  const options: { value?: string; label: string }[] = countries
    .map((c) => ({ value: c, label: label(c) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [{ label: label("ZZ") }, ...options];
}

interface Props {
  /** The number input's id; its error line is `<id>-error`. */
  id: string;
  value: string;
  /** The country preselected (the visitor's, from /api/geo). */
  country: Country;
  /** Every country of the phone metadata (the page's build reads them): the picker's list. */
  countries: readonly string[];
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
  onCountryChange(country: Country | undefined): void;
}

/**
 * The mobile number: a country picker (codes, not flag images) and the number, checked on leaving.
 * Until its chunk arrives the field is react-phone-number-input's markup and picker (the same
 * CountrySelect and list) with a plain number input; the chunk then takes over with the country
 * chosen and what was typed, once neither of the two has focus (nothing typed is lost in the swap).
 */
function MobileField(props: Props) {
  const { id, value, error, onChange, onBlur, onCountryChange } = props;
  const [mod, setMod] = useState<PhoneModule | null>(null);
  const [picking, setPicking] = useState(false);
  const [country, setCountry] = useState<string>(props.country);
  const [typed, setTyped] = useState("");
  const input = useRef<HTMLInputElement>(null);

  const want = () => {
    void loadPhone().then((m) => setMod(m));
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
  const live = Boolean(mod && !picking);
  /** The country for the chunk: International stays so, an unknown one becomes US. */
  const chosen = (m: PhoneModule) => (country === "ZZ" ? undefined : (m.supported(country) ?? "US"));
  useEffect(() => {
    if (!live || !mod) return;
    if (typed) onChange(mod.carried(typed, chosen(mod)));
    // Once, when the chunk has taken over.
  }, [live]);

  const Real: ComponentType<NumberProps> | undefined = live ? mod?.default : undefined;
  return (
    <Field id={id} label={LABELS.mobile} mark={requiredMark}>
      {Real && mod ? (
        <Real
          {...props}
          // What was typed before the chunk, from the first render (so it reads as typed: national).
          value={value || (typed ? mod.carried(typed, chosen(mod)) : "")}
          country={chosen(mod)}
        />
      ) : (
        <div className={`${s.phone ?? ""} PhoneInput`}>
          <CountrySelect
            name="mobileCountry"
            aria-label="Country of the mobile number"
            value={country}
            options={countryOptions(props.countries)}
            iconComponent={CountryIcon}
            onChange={(c) => {
              const next = c ?? "ZZ";
              setCountry(next);
              onCountryChange(c as Country | undefined);
              // As react-phone-number-input does: on to the number once a country is chosen.
              input.current?.focus();
            }}
            onFocus={() => {
              setPicking(true);
              want();
            }}
            onBlur={() => setPicking(false)}
          />
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
            onFocus={() => {
              setPicking(true);
              want();
            }}
            onBlur={() => {
              setPicking(false);
              onBlur();
            }}
          />
        </div>
      )}
      <ErrorLine id={id} error={error} className={s.error} keep live />
    </Field>
  );
}

/** Memoised: the form re-renders on every key typed anywhere in it; this field only on its own props. */
export default memo(MobileField);
