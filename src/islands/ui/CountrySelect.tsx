/**
 * The phone field's country picker, for react-phone-number-input's `countrySelectComponent`. The
 * markup and class names are the package's own (so its CSS and ours apply unchanged), with one
 * difference: the list of about 250 countries enters the page only when the visitor reaches for
 * the picker (a pointer press, focus or a key). Until then the select holds just the chosen
 * country. On the contact page that list was a quarter of the style and layout work of the form's
 * first render, all of it for a control most visitors never open.
 *
 * Pointer presses and focus come before the browser opens a native select, and React renders
 * updates from those events before the event's default action, so the full list is always there
 * by the time it is shown.
 */
import { useState, type ComponentType, type FocusEventHandler } from "react";

interface CountryOption {
  value?: string;
  label: string;
  divider?: boolean;
}

interface Props {
  value?: string;
  options: CountryOption[];
  onChange: (country?: string) => void;
  onFocus?: FocusEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
  "aria-label"?: string;
  iconComponent: ComponentType<{ country?: string; label: string; "aria-hidden"?: boolean }>;
}

/** "ZZ" stands for "International" (no country): every <option> needs a string value. */
const NO_COUNTRY = "ZZ";

export default function CountrySelect({
  value,
  options,
  onChange,
  onFocus,
  disabled,
  readOnly,
  iconComponent: Icon,
  ...rest
}: Props) {
  const [listed, setListed] = useState(false);
  const selected = options.find((o) => !o.divider && (o.value ?? undefined) === (value ?? undefined));
  const shown = listed ? options : selected ? [selected] : [];
  const list = () => setListed(true);

  return (
    <div className="PhoneInputCountry">
      <select
        {...rest}
        className="PhoneInputCountrySelect"
        value={value || NO_COUNTRY}
        disabled={disabled || readOnly}
        onChange={(e) => onChange(e.target.value === NO_COUNTRY ? undefined : e.target.value)}
        onPointerDown={list}
        onKeyDown={list}
        onFocus={(e) => {
          list();
          onFocus?.(e);
        }}
      >
        {shown.map((o) =>
          o.divider ? (
            <option key="|" value="|" disabled />
          ) : (
            <option key={o.value ?? NO_COUNTRY} value={o.value ?? NO_COUNTRY}>
              {o.label}
            </option>
          ),
        )}
      </select>
      {selected && <Icon aria-hidden country={value} label={selected.label} />}
      <div className="PhoneInputCountrySelectArrow" />
    </div>
  );
}

/**
 * PhoneInput's `flagComponent`: the selected country as its two-letter code, with the given look.
 * No flag images from a third-party host, and no emoji flags (several systems have no glyphs for
 * them); the select itself announces the country name.
 */
export function countryCode(className: string | undefined) {
  return function CountryCode({ country }: { country?: string }) {
    return (
      <span className={className} aria-hidden="true">
        {country ?? "+"}
      </span>
    );
  };
}
