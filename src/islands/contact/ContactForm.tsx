/**
 * The contact form: twelve fields, the same zod schema as POST /api/submit, a phone field with the
 * visitor's country preselected (from /api/geo, never a third party), a date picker and an upload
 * area whose progress is that of the real request (XMLHttpRequest upload events).
 */
import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from "react";
import type { Country } from "react-phone-number-input";
// The phone field's CSS (MobileField.tsx), first, so that ContactForm.module.css can adapt it to
// the site's look (colours, 44 px targets, focus rings). The calendar's CSS is loaded later:
// see useDatepickerStylesheet.
import "react-phone-number-input/style.css";
import {
  BUDGETS,
  COMPANY_SIZES,
  contactErrors,
  HONEYPOT_FIELD,
  businessEmailProblem,
  LABELS,
  MESSAGES,
  parseUsDate,
  PROJECT_TYPES,
  toIsoDate,
  type ContactField,
  type ContactValues,
} from "../../shared/contact/rules";
import { requiredMark, TextField } from "../ui/TextField";
import { useStableHandler } from "../hooks";
import Attachment, { useAttachment } from "./Attachment";
import {
  EMPTY,
  inquiryData,
  ORDER,
  useDatepickerStylesheet,
  useVisitorCountry,
  type Errors,
} from "./contact-form";
import DeadlineField from "./DeadlineField";
import { FormEnd, FormIntro } from "./FormParts";
import { ContactSelect, ProjectDetails } from "./ContactFields";
import MobileField, { loadPhone } from "./MobileField";
import s from "./ContactForm.module.css";
import type { submitApi } from "../../shared/contact/api";
import type { geoApi } from "../../shared/api/platform";
import type { Route } from "../../shared/api/route";
import { link, upload as sendUpload } from "../lib/api-client";
import ConsentCheck, { NoticeLink } from "../ui/ConsentCheck";

export interface Props {
  /** Free-mail domains refused as business e-mail (from BLOCKED_EMAIL_DOMAINS at build time). */
  blockedDomains: string[];
  /** POST /api/submit and GET /api/geo (`routeOf`: the contracts' zod stays out of the island). */
  submit: Route<typeof submitApi>;
  geo: Route<typeof geoApi>;
  /** The marketing box's sentence (MARKETING_CONSENT of the privacy notice). */
  marketingLabel: string;
  /** The phone metadata's countries, comma-separated (the picker's list before its chunk arrives). */
  phoneCountries: string;
}

export default function ContactForm({ blockedDomains, submit, geo, marketingLabel, phoneCountries }: Props) {
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [deadlineDate, setDeadlineDate] = useState<Date | null>(null);
  const [deadlineRaw, setDeadlineRaw] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<{ text: string; detail?: string } | null>(null);
  const country = useVisitorCountry(geo);
  const countries = useMemo(() => phoneCountries.split(","), [phoneCountries]);
  const [selectedCountry, setSelectedCountry] = useState<Country | undefined>("US");
  const [sending, setSending] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  const today = useMemo(() => {
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    return d;
  }, []);
  // The schema's rules and messages (rules.ts), without zod: POST /api/submit judges with zod.
  const rules = useMemo(() => ({ blockedDomains, minDeadline: toIsoDate(today) }), [blockedDomains, today]);

  useDatepickerStylesheet();
  // Hydrated, handlers attached: what the island bench (bench/island.ts) and the e2e tests wait for.
  useEffect(() => formRef.current?.setAttribute("data-ready", ""), []);

  const setField = (field: keyof ContactValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Editing a field clears its message (SPEC: the e-mail error clears when the user edits).
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  /**
   * What the schema sees for the deadline: the chosen day, else the day typed (the calendar leaves
   * out a day before today, which the schema then names), else what was typed.
   */
  const deadlineValue = (): string =>
    deadlineDate ? toIsoDate(deadlineDate) : (parseUsDate(deadlineRaw) ?? deadlineRaw.trim());

  const checkEmail = () => {
    const v = values.email.trim();
    const problem = v ? businessEmailProblem(v, blockedDomains) : undefined;
    if (problem) setErrors((e) => ({ ...e, email: problem }));
  };
  const checkMobile = () => {
    const mobile = values.mobile;
    void loadPhone().then((p) => {
      if (!p.mobileBlurOk(mobile, p.dialCode(selectedCountry)))
        setErrors((e) => ({ ...e, mobile: MESSAGES.mobile }));
    });
  };
  // Stable handlers: the phone field (memoised, with its long country list) re-renders only when
  // its own props change, not on every key typed in another field (INP).
  const onMobileChange = useStableHandler((v: string) => setField("mobile", v));
  const onMobileBlur = useStableHandler(checkMobile);
  const checkDeadline = () => {
    const raw = deadlineRaw.trim();
    if (deadlineDate || !raw) return;
    const day = parseUsDate(raw);
    // A past day typed by hand is dropped by the calendar on blur: say why the field emptied.
    if (!day) setErrors((e) => ({ ...e, deadline: MESSAGES.date }));
    else if (day < toIsoDate(today)) setErrors((e) => ({ ...e, deadline: MESSAGES.pastDate }));
  };

  const { file, upload, setUpload, fileInput, chooseFile, removeFile } = useAttachment({
    setError: (problem) => setErrors((e) => ({ ...e, uploadedFile: problem })),
    clearAlert: () => setAlert(null),
    setStatus,
  });
  const focusFirst = (errs: Errors) => {
    const first = ORDER.find((f) => errs[f]);
    if (!first) return;
    const el = formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(id(first))}`);
    el?.focus();
  };

  const onSubmit = async (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    // The same schema as the server; the attachment's problem (if any) was found when it was chosen.
    const { isValidMobile } = await loadPhone();
    const found: Errors = contactErrors(
      { ...values, deadline: deadlineValue() },
      { ...rules, isValidMobile },
    );
    if (errors.uploadedFile) found.uploadedFile = errors.uploadedFile;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      setAlert({ text: MESSAGES.fixErrors });
      focusFirst(found);
      return;
    }
    const data = inquiryData({ ...values, deadline: deadlineValue() }, honeypot.current?.value ?? "", file);
    if (marketing) data.append("marketingConsent", "yes");

    setSending(true);
    setAlert(null);
    if (file) {
      setUpload({ state: "uploading", percent: 0 });
      setStatus("Uploading your file.");
    } else setStatus("Sending your inquiry.");
    try {
      // XMLHttpRequest: fetch() cannot report the upload's progress.
      const res = await sendUpload(submit, data, {
        onProgress: (percent) => file && setUpload({ state: "uploading", percent }),
        onUploaded: () => {
          if (!file) return;
          setUpload({ state: "done" });
          setStatus("Upload completed.");
        },
      });
      const body = res.data as { success?: unknown; error?: unknown };
      if (res.status >= 200 && res.status < 300 && body.success === true) {
        setStatus("Sent. Opening the confirmation page.");
        window.location.assign("/ack");
        return;
      }
      const detail = typeof body.error === "string" ? body.error : undefined;
      setAlert(detail ? { text: MESSAGES.failed, detail } : { text: MESSAGES.failed });
    } catch {
      setAlert({ text: MESSAGES.failed, detail: "Please check your connection and try again." });
    }
    setUpload({ state: "idle" });
    setStatus("");
    setSending(false);
  };

  const describedBy = (f: ContactField, ...more: string[]) =>
    [errors[f] ? id(`${f}-error`) : "", ...more].filter(Boolean).join(" ") || undefined;
  const error = (f: ContactField) => (
    <p id={id(`${f}-error`)} className={`field-error ${s.error}`} hidden={!errors[f]}>
      {errors[f]}
    </p>
  );
  const req = requiredMark;

  const textField = (
    f: "fullName" | "email" | "orgName" | "jobTitle" | "industry",
    autoComplete: string,
    extra: Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange"> = {},
  ) => (
    <TextField
      id={id(f)}
      label={LABELS[f]}
      mark={req}
      error={errors[f]}
      errorClass={s.error}
      keepError
      name={f}
      type="text"
      value={values[f]}
      onChange={(v) => setField(f, v)}
      autoComplete={autoComplete}
      aria-required="true"
      maxLength={f === "orgName" ? 200 : 100}
      {...extra}
    />
  );

  const selectField = (f: "companySize" | "budget" | "projectType", options: readonly string[]) => (
    <ContactSelect
      id={id(f)}
      name={f}
      options={options}
      value={values[f]}
      error={errors[f]}
      onChange={(v) => setField(f, v)}
    />
  );

  return (
    <form
      ref={formRef}
      className={s.form}
      onSubmit={onSubmit}
      noValidate
      method="post"
      action={link(submit)}
      encType="multipart/form-data"
      aria-describedby={id("required-note")}
    >
      <FormIntro noteId={id("required-note")} alert={alert} />

      <div className={s.grid}>
        {textField("fullName", "name")}
        {textField("email", "email", {
          type: "email",
          inputMode: "email",
          onBlur: checkEmail,
          maxLength: 254,
          spellCheck: false,
        })}
        {textField("orgName", "organization")}
        {textField("jobTitle", "organization-title")}
        {textField("industry", "off")}
        {selectField("companySize", COMPANY_SIZES)}

        <MobileField
          id={id("mobile")}
          value={values.mobile}
          country={country}
          countries={countries}
          error={errors.mobile}
          onChange={onMobileChange}
          onBlur={onMobileBlur}
          onCountryChange={setSelectedCountry}
        />
        {selectField("budget", BUDGETS)}

        <ProjectDetails
          id={id("projectDetails")}
          value={values.projectDetails}
          error={errors.projectDetails}
          onChange={(v) => setField("projectDetails", v)}
        />

        {selectField("projectType", PROJECT_TYPES)}

        <DeadlineField
          id={id("deadline")}
          date={deadlineDate}
          text={deadlineRaw}
          minDate={today}
          error={errors.deadline}
          describedBy={describedBy("deadline", id("deadline-hint"))}
          onDate={(d) => {
            setDeadlineDate(d);
            setDeadlineRaw("");
            setErrors((e) => ({ ...e, deadline: undefined }));
          }}
          onRaw={(text) => {
            setDeadlineRaw(text);
            if (!parseUsDate(text)) setDeadlineDate(null);
            setErrors((er) => ({ ...er, deadline: undefined }));
          }}
          onBlur={checkDeadline}
        />

        <Attachment
          id={id}
          inputRef={fileInput}
          file={file}
          upload={upload}
          sending={sending}
          error={error("uploadedFile")}
          hasError={Boolean(errors.uploadedFile)}
          onChoose={chooseFile}
          onRemove={removeFile}
        />
      </div>

      <NoticeLink what="How we use and keep your details, and your rights: read our" />
      <ConsentCheck
        id={id("marketingConsent")}
        name="marketingConsent"
        label={marketingLabel}
        checked={marketing}
        onChange={setMarketing}
      />

      <FormEnd honeypotId={id(HONEYPOT_FIELD)} honeypotRef={honeypot} status={status} sending={sending} />
    </form>
  );
}
