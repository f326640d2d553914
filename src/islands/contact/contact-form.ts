/** The contact form's fields, the order they get focus in, and the effects it starts with. */
import { useEffect, useState } from "react";
import type { Country } from "react-phone-number-input";
import { HONEYPOT_FIELD, UTM_KEY, type ContactField, type ContactValues } from "../../shared/contact/rules";
import datepickerCss from "./datepicker.css?url";
import type { geoApi } from "../../shared/api/platform";
import type { Route } from "../../shared/api/route";
import { send } from "../lib/api-client";

export type Errors = Partial<Record<ContactField, string>>;

export const EMPTY: ContactValues = {
  fullName: "",
  email: "",
  orgName: "",
  jobTitle: "",
  industry: "",
  companySize: "",
  mobile: "",
  budget: "",
  projectDetails: "",
  projectType: "",
  deadline: "",
};

/** The order in which the first problem gets focus. */
export const ORDER: ContactField[] = [
  "fullName",
  "email",
  "orgName",
  "jobTitle",
  "industry",
  "companySize",
  "mobile",
  "budget",
  "projectDetails",
  "projectType",
  "deadline",
  "uploadedFile",
];

/**
 * The calendar's stylesheet (the date picker's 23 kB, plus the site's adjustments) stays out of
 * the page: it is fetched once the form is interactive, before the calendar can first open.
 */
export function useDatepickerStylesheet() {
  useEffect(() => {
    if (document.querySelector(`link[href="${datepickerCss}"]`)) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = datepickerCss;
    document.head.append(link);
  }, []);
}

/** The visitor's country, from the platform's geolocation through our own endpoint (else US). */
export function useVisitorCountry(geo: Route<typeof geoApi>): Country {
  const [country, setCountry] = useState<Country>("US");
  useEffect(() => {
    const ctrl = new AbortController();
    send(geo, { signal: ctrl.signal })
      .then((r) => (r.ok ? r.data : { country: undefined }))
      .then(({ country: c }) => {
        // MobileField checks it against the phone metadata (US when unknown).
        if (typeof c === "string" && /^[A-Z]{2}$/.test(c)) setCountry(c as Country);
      })
      .catch(() => {
        /* keep US */
      });
    return () => ctrl.abort();
  }, [geo]);
  return country;
}

/** The request body: the fields, the honeypot, where the visitor came from, and the attachment. */
export function inquiryData(values: ContactValues, honeypot: string, file: File | null): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  data.append(HONEYPOT_FIELD, honeypot);
  if (document.referrer) data.append("sourcePage", document.referrer);
  for (const [k, v] of new URLSearchParams(location.search)) if (UTM_KEY.test(k)) data.append(k, v);
  if (file) data.append("uploadedFile", file, file.name);
  return data;
}
