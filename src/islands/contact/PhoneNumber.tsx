/**
 * The phone field's working part: react-phone-number-input with libphonenumber's metadata (about
 * 40 kB compressed), and the phone rules that need that metadata. MobileField imports this chunk
 * once the visitor starts on the form (or reaches for the field), so the form is ready without it.
 */
import { useEffect } from "react";
import PhoneInput, {
  getCountryCallingCode,
  isSupportedCountry,
  type Country,
} from "react-phone-number-input";
import { AsYouType } from "libphonenumber-js/min";
import { isValidMobile, mobileBlurOk } from "../../shared/contact/phone";
import CountrySelect, { countryCode } from "../ui/CountrySelect";
import { describedBy } from "../ui/TextField";
import s from "./ContactForm.module.css";

export { isValidMobile, mobileBlurOk };

const Flag = countryCode(s.flag);

/** The country a code names, when the metadata knows it (else undefined). */
export const supported = (c: string | undefined): Country | undefined =>
  c && isSupportedCountry(c) ? c : undefined;

/** The dial code of a country, for the blur check ("+1" alone passes). */
export const dialCode = (c: Country | undefined) => (c ? getCountryCallingCode(c) : undefined);

/** The value (E.164, possibly incomplete) of digits typed before this chunk arrived. */
export function carried(text: string, country: Country | undefined): string {
  const t = new AsYouType(text.startsWith("+") ? undefined : country);
  t.input(text);
  return t.getNumberValue() ?? (text.startsWith("+") ? text : "");
}

export interface NumberProps {
  id: string;
  value: string;
  /** The country chosen so far; undefined: International. */
  country: Country | undefined;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
  onCountryChange(country: Country | undefined): void;
}

export default function PhoneNumber({
  id,
  value,
  country,
  error,
  onChange,
  onBlur,
  onCountryChange,
}: NumberProps) {
  // The country shown before this chunk arrived is the one the form starts from.
  useEffect(() => {
    onCountryChange(country);
  }, []);
  return (
    <PhoneInput
      className={s.phone}
      value={value || undefined}
      onChange={(v) => onChange(v ?? "")}
      onBlur={onBlur}
      onCountryChange={onCountryChange}
      defaultCountry={country}
      // Digits typed before this chunk arrived read as they would have: national, as typed.
      initialValueFormat="national"
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
  );
}
