/**
 * The phone rules that need libphonenumber's metadata (about 30 kB compressed): apart from rules.ts,
 * so that the contact form can load them with the phone field, after it is ready.
 */
import { isValidPhoneNumber } from "libphonenumber-js/min";
import { hasOnlyPhoneCharacters } from "./rules";

/** An E.164 number valid for its country (the country is part of the number). */
export function isValidMobile(value: string): boolean {
  return /^\+\d{4,15}$/.test(value) && isValidPhoneNumber(value);
}

/**
 * The blur check of the phone field: an empty value, or only the dial code, passes (a blank field
 * is caught by the required rule on submit).
 */
export function mobileBlurOk(value: string | undefined, dialCode: string | undefined): boolean {
  if (!value || value === "+" || (dialCode && value === `+${dialCode}`)) return true;
  return hasOnlyPhoneCharacters(value) && isValidMobile(value);
}
