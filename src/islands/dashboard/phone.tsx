/**
 * Phone numbers on the screens that show them (leads, candidates): a module of its own, so that
 * the phone metadata (libphonenumber-js, 25 kB compressed) loads with those screens only.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { CLEARED } from "./admin-ui";

/** A stored E.164 number for reading ("+1 212 555 0199"); as stored when it cannot be parsed. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A stored phone number as a tel: link read as "+1 212 555 0199", or "cleared". */
export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  return phone ? <a href={`tel:${phone}`}>{formatPhone(phone)}</a> : CLEARED;
}
