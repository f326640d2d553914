/**
 * Phone numbers on the screens that show them (leads, candidates). The phone metadata
 * (libphonenumber-js, 25 kB compressed) is a chunk of its own, fetched once a number is first
 * shown, after the screen's own code: the screen answers without waiting for it. Until it is in, a
 * number reads as stored ("+12125550199", a working tel: link); then as "+1 212 555 0199".
 */
import { useEffect, useState } from "react";
import { CLEARED } from "./admin-ui";

type Format = (e164: string) => string;

/** The formatter, once its chunk is in. */
let format: Format | undefined;
let loading: Promise<Format> | undefined;

function loadFormat(): Promise<Format> {
  loading ??= import("libphonenumber-js/min").then(({ parsePhoneNumberFromString }) => {
    format = (e164) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
    return format;
  });
  // A failed download is tried again by the next number shown.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** A stored phone number as a tel: link read as "+1 212 555 0199", or "cleared". */
export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  const [, setReady] = useState(format !== undefined);
  useEffect(() => {
    if (format || !phone) return;
    let live = true;
    loadFormat().then(
      () => live && setReady(true),
      // Without its chunk (a failed download) the number stays as stored, which still works.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [phone]);
  return phone ? <a href={`tel:${phone}`}>{format ? format(phone) : phone}</a> : CLEARED;
}
