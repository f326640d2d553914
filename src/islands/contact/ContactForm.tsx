/**
 * The contact form: twelve fields, the same zod schema as POST /api/submit, a phone field with the
 * visitor's country preselected (from /api/geo, never a third party), a date picker and an upload
 * area whose progress is that of the real request (XMLHttpRequest upload events).
 */
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type SyntheticEvent } from "react";
import DatePicker from "react-datepicker";
import PhoneInput, {
  getCountryCallingCode,
  isSupportedCountry,
  type Country,
} from "react-phone-number-input";
// The phone field's CSS, bundled into this island's stylesheet; ContactForm.module.css adapts it
// to the site's look (colours, 44 px targets, focus rings). The calendar's CSS is loaded later:
// see the effect below.
import "react-phone-number-input/style.css";
import datepickerCss from "./datepicker.css?url";
import {
  BUDGETS,
  clientFileProblem,
  COMPANY_SIZES,
  contactSchema,
  fieldErrors,
  HONEYPOT_FIELD,
  isBusinessEmail,
  LABELS,
  MESSAGES,
  mobileBlurOk,
  parseUsDate,
  PROJECT_TYPES,
  toIsoDate,
  UTM_KEY,
  type ContactField,
  type ContactValues,
} from "../../shared/contact/contact";
import CountrySelect, { countryCode } from "../ui/CountrySelect";
import { Field, requiredMark, TextField } from "../ui/TextField";
import Attachment, { type Upload } from "./Attachment";
import s from "./ContactForm.module.css";
import { sendForm } from "./send-form";

export interface Props {
  /** Free-mail domains refused as business e-mail (from BLOCKED_EMAIL_DOMAINS at build time). */
  blockedDomains: string[];
}

type Errors = Partial<Record<ContactField, string>>;

const EMPTY: ContactValues = {
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
const ORDER: ContactField[] = [
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

const Flag = countryCode(s.flag);

export default function ContactForm({ blockedDomains }: Props) {
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [deadlineDate, setDeadlineDate] = useState<Date | null>(null);
  const [deadlineRaw, setDeadlineRaw] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<{ text: string; detail?: string } | null>(null);
  const [country, setCountry] = useState<Country>("US");
  const [selectedCountry, setSelectedCountry] = useState<Country | undefined>("US");
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  const today = useMemo(() => {
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    return d;
  }, []);
  const schema = useMemo(
    () => contactSchema({ blockedDomains, minDeadline: toIsoDate(today) }),
    [blockedDomains, today],
  );

  // The calendar's stylesheet (the date picker's 23 kB, plus the site's adjustments) stays out of
  // the page: it is fetched once the form is interactive, before the calendar can first open.
  useEffect(() => {
    if (document.querySelector(`link[href="${datepickerCss}"]`)) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = datepickerCss;
    document.head.append(link);
  }, []);

  // The visitor's country, from the platform's geolocation through our own endpoint.
  useEffect(() => {
    const ctrl = new AbortController();
    fetch("/api/geo", { signal: ctrl.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ country?: unknown }>) : { country: undefined }))
      .then(({ country: c }) => {
        if (typeof c === "string" && isSupportedCountry(c)) setCountry(c);
      })
      .catch(() => {
        /* keep US */
      });
    return () => ctrl.abort();
  }, []);

  const setField = (field: keyof ContactValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Editing a field clears its message (SPEC: the e-mail error clears when the user edits).
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const onText =
    (field: keyof ContactValues) =>
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setField(field, e.target.value);

  /** What the schema sees for the deadline: the chosen day, or what was typed when it is not one. */
  const deadlineValue = (): string => (deadlineDate ? toIsoDate(deadlineDate) : deadlineRaw.trim());

  const checkEmail = () => {
    const v = values.email.trim();
    if (v && !isBusinessEmail(v, blockedDomains)) setErrors((e) => ({ ...e, email: MESSAGES.email }));
  };
  const checkMobile = () => {
    const dial = selectedCountry ? getCountryCallingCode(selectedCountry) : undefined;
    if (!mobileBlurOk(values.mobile, dial)) setErrors((e) => ({ ...e, mobile: MESSAGES.mobile }));
  };
  const checkDeadline = () => {
    const raw = deadlineRaw.trim();
    if (!deadlineDate && raw && !parseUsDate(raw)) setErrors((e) => ({ ...e, deadline: MESSAGES.date }));
  };

  const chooseFile = (f: File | undefined | null, many = false) => {
    setUpload({ state: "idle" });
    setAlert(null);
    if (!f) return;
    const problem = many ? "Attach one file only." : clientFileProblem(f);
    setErrors((e) => ({ ...e, uploadedFile: problem }));
    setFile(problem ? null : f);
    setStatus(problem ? "" : `${f.name} attached.`);
    if (problem && fileInput.current) fileInput.current.value = "";
  };
  const removeFile = () => {
    setFile(null);
    setUpload({ state: "idle" });
    setErrors((e) => ({ ...e, uploadedFile: undefined }));
    setStatus("Attachment removed.");
    if (fileInput.current) fileInput.current.value = "";
  };
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
    const found: Errors = fieldErrors(schema, { ...values, deadline: deadlineValue() });
    if (errors.uploadedFile) found.uploadedFile = errors.uploadedFile;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      setAlert({ text: MESSAGES.fixErrors });
      focusFirst(found);
      return;
    }
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.append(k, k === "deadline" ? deadlineValue() : v);
    data.append(HONEYPOT_FIELD, honeypot.current?.value ?? "");
    if (document.referrer) data.append("sourcePage", document.referrer);
    for (const [k, v] of new URLSearchParams(location.search)) if (UTM_KEY.test(k)) data.append(k, v);
    if (file) data.append("uploadedFile", file, file.name);

    setSending(true);
    setAlert(null);
    if (file) {
      setUpload({ state: "uploading", percent: 0 });
      setStatus("Uploading your file.");
    } else setStatus("Sending your inquiry.");
    try {
      const res = await sendForm(
        data,
        (percent) => file && setUpload({ state: "uploading", percent }),
        () => {
          if (!file) return;
          setUpload({ state: "done" });
          setStatus("Upload completed.");
        },
      );
      const body = (res.body ?? {}) as { success?: unknown; error?: unknown };
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

  const invalid = (f: ContactField) => (errors[f] ? true : undefined);
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
    <Field id={id(f)} label={LABELS[f]} mark={req} error={errors[f]} errorClass={s.error} keepError>
      <select
        id={id(f)}
        name={f}
        value={values[f]}
        onChange={onText(f)}
        aria-required="true"
        aria-invalid={invalid(f)}
        aria-describedby={describedBy(f)}
      >
        <option value="">Select {LABELS[f].toLowerCase()}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <form
      ref={formRef}
      className={s.form}
      onSubmit={onSubmit}
      noValidate
      method="post"
      action="/api/submit"
      encType="multipart/form-data"
      aria-describedby={id("required-note")}
    >
      <p id={id("required-note")} className={s.note}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>

      <div className={s.alertSlot} role="alert">
        {alert && (
          <p className="alert alert--error">
            <strong>{alert.text}</strong>
            {alert.detail && <span className={s.alertDetail}> {alert.detail}</span>}
          </p>
        )}
      </div>

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

        <div className="field">
          <label htmlFor={id("mobile")}>
            {LABELS.mobile}
            {req}
          </label>
          <PhoneInput
            className={s.phone}
            value={values.mobile || undefined}
            onChange={(v) => setField("mobile", v ?? "")}
            onBlur={checkMobile}
            onCountryChange={setSelectedCountry}
            defaultCountry={country}
            flagComponent={Flag}
            countrySelectComponent={CountrySelect}
            countrySelectProps={{ "aria-label": "Country of the mobile number" }}
            numberInputProps={{
              id: id("mobile"),
              name: "mobile",
              "aria-required": "true",
              "aria-invalid": invalid("mobile"),
              "aria-describedby": describedBy("mobile"),
            }}
            autoComplete="tel"
          />
          <div aria-live="polite">{error("mobile")}</div>
        </div>
        {selectField("budget", BUDGETS)}

        <Field
          id={id("projectDetails")}
          label={LABELS.projectDetails}
          error={errors.projectDetails}
          errorClass={s.error}
          keepError
          fieldClass={s.wide}
        >
          <textarea
            id={id("projectDetails")}
            name="projectDetails"
            value={values.projectDetails}
            onChange={onText("projectDetails")}
            rows={5}
            maxLength={5000}
            aria-invalid={invalid("projectDetails")}
            aria-describedby={describedBy("projectDetails")}
          />
        </Field>

        {selectField("projectType", PROJECT_TYPES)}

        <div className="field">
          <label htmlFor={id("deadline")}>
            {LABELS.deadline}
            {req}
          </label>
          <DatePicker
            id={id("deadline")}
            name="deadline"
            selected={deadlineDate}
            onChange={(d: Date | null) => {
              setDeadlineDate(d);
              setDeadlineRaw("");
              setErrors((e) => ({ ...e, deadline: undefined }));
            }}
            onChangeRaw={(e) => {
              const target = e?.target as HTMLInputElement | undefined;
              if (target && typeof target.value === "string") {
                setDeadlineRaw(target.value);
                const iso = parseUsDate(target.value);
                if (!iso) setDeadlineDate(null);
                setErrors((er) => ({ ...er, deadline: undefined }));
              }
            }}
            onBlur={checkDeadline}
            dateFormat="MM/dd/yyyy"
            placeholderText="MM/DD/YYYY"
            calendarStartDay={0}
            minDate={today}
            strictParsing
            autoComplete="off"
            wrapperClassName={s.dateWrap ?? ""}
            ariaRequired="true"
            ariaInvalid={errors.deadline ? "true" : "false"}
            ariaDescribedBy={describedBy("deadline", id("deadline-hint"))}
          />
          <p id={id("deadline-hint")} className={s.hint}>
            Format MM/DD/YYYY
          </p>
          <div aria-live="polite">{error("deadline")}</div>
        </div>

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

      {/* A field people never see or reach; bots fill it in. */}
      <div className={s.hp} aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
        <input
          ref={honeypot}
          id={id(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <p className="visually-hidden" role="status">
        {status}
      </p>

      <div className={s.actions}>
        <button type="submit" className={`btn ${s.send}`} disabled={sending} aria-busy={sending || undefined}>
          {sending && <span className={s.spinner} aria-hidden="true" />}
          {sending ? "Sending..." : "Send"}
        </button>
        <p className={s.promise}>We reply with a proposal within 24 hours.</p>
      </div>
    </form>
  );
}
