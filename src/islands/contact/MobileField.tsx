import PhoneInput, { type Country } from "react-phone-number-input";
import { LABELS } from "../../shared/contact/contact";
import CountrySelect, { countryCode } from "../ui/CountrySelect";
import { describedBy, ErrorLine, Field, requiredMark } from "../ui/TextField";
import s from "./ContactForm.module.css";

const Flag = countryCode(s.flag);

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

/** The mobile number: a country picker (codes, not flag images) and the number, checked on leaving. */
export default function MobileField({ id, value, country, error, onChange, onBlur, onCountryChange }: Props) {
  return (
    <Field id={id} label={LABELS.mobile} mark={requiredMark}>
      <PhoneInput
        className={s.phone}
        value={value || undefined}
        onChange={(v) => onChange(v ?? "")}
        onBlur={onBlur}
        onCountryChange={onCountryChange}
        defaultCountry={country}
        flagComponent={Flag}
        countrySelectComponent={CountrySelect}
        countrySelectProps={{ "aria-label": "Country of the mobile number" }}
        numberInputProps={{
          id,
          name: "mobile",
          "aria-required": "true",
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy(id, { error }),
        }}
        autoComplete="tel"
        // The number's name in the server's HTML too: a form sent before the script loads posts it.
        name="mobile"
      />
      <ErrorLine id={id} error={error} className={s.error} keep live />
    </Field>
  );
}
