import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import PhoneInput, { isValidPhoneNumber } from "react-phone-number-input";
import "react-phone-number-input/style.css";
import {
  applicationSchema,
  GENDERS,
  joinTags,
  MESSAGES,
  NOTICE_PERIODS,
  RELOCATE,
} from "../../shared/careers/careers";
import { fileExtension, MAX_FILES_LABEL, UPLOADS } from "../../shared/common/upload-limits";
import { keepTabInside } from "../ui/focus-trap";
import CountrySelect, { countryCode } from "../ui/CountrySelect";
import { EmailVerification, useEmailVerification, type Message } from "./EmailVerification";
import TagInput from "./TagInput";
import s from "./careers.module.css";

export interface ApplyJob {
  id: number;
  job_title: string;
}

interface Props {
  open: boolean;
  job: ApplyJob | null;
  onClose(): void;
  /** Called after the application was stored; the page announces it. */
  onSubmitted(): void;
}

const EMPTY = {
  firstName: "",
  lastName: "",
  email: "",
  mobile: "",
  nativePlace: "",
  gender: "",
  totalExperience: "",
  itExperience: "",
  currentCompany: "",
  noticePeriod: "immediate",
  expectedSalary: "",
  willingToRelocate: "Yes",
};
type Values = typeof EMPTY;
type FieldName = keyof Values | "skills" | "certifications" | "resume";

/** The field of the form that comes first in reading order, to focus after a refused submit. */
const ORDER: FieldName[] = [
  "firstName",
  "lastName",
  "email",
  "mobile",
  "nativePlace",
  "gender",
  "totalExperience",
  "itExperience",
  "currentCompany",
  "noticePeriod",
  "expectedSalary",
  "willingToRelocate",
  "skills",
  "certifications",
  "resume",
];

const Flag = countryCode(s.flag);

function resumeProblem(file: File | null): string | undefined {
  if (!file) return "Resume is required.";
  if (!UPLOADS.resume.extensions.includes(fileExtension(file.name)))
    return `Resume must be a ${UPLOADS.resume.names} file.`;
  if (file.size > UPLOADS.resume.maxBytes) return `Resume is too large: the limit is ${MAX_FILES_LABEL}.`;
  if (file.size === 0) return "Resume is empty.";
  return undefined;
}

/**
 * The 'Job Application' modal: a native modal <dialog> (the rest of the page is inert), focus
 * kept inside with Tab, Escape closes, focus goes back to the Apply Now button that opened it.
 * Submit stays disabled until the e-mail is verified with the code we mail.
 */
export default function ApplicationModal({ open, job, onClose, onSubmitted }: Props) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [skills, setSkills] = useState<string[]>([]);
  const [certifications, setCertifications] = useState<string[]>([]);
  const [resume, setResume] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const verification = useEmailVerification(setMessage);
  const { verified } = verification;

  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      document.getElementById(id("firstName"))?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);

  function reset() {
    setValues(EMPTY);
    setSkills([]);
    setCertifications([]);
    setResume(null);
    if (fileRef.current) fileRef.current.value = "";
    verification.reset();
    setErrors({});
    setMessage(null);
  }

  function set<K extends keyof Values>(name: K, value: Values[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    if (name === "email" && value !== values.email) {
      // A different address needs its own code.
      verification.reset();
    }
  }

  async function submit(e: { preventDefault(): void }) {
    e.preventDefault();
    if (!verified) {
      setMessage({ text: MESSAGES.verifyFirst, kind: "error" });
      return;
    }
    const fields = {
      ...values,
      skills: joinTags(skills),
      certifications: joinTags(certifications),
      job_id: job ? String(job.id) : "",
    };
    const found: Partial<Record<FieldName, string>> = {};
    const parsed = applicationSchema.safeParse(fields);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= issue.message;
      }
    if (!found.mobile && values.mobile && !isValidPhoneNumber(values.mobile))
      found.mobile = "Enter a valid Mobile Number";
    const fileError = resumeProblem(resume);
    if (fileError) found.resume = fileError;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage({ text: "Please correct the highlighted fields.", kind: "error" });
      const first = ORDER.find((n) => found[n]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("resume", resume!, resume!.name);
    setSubmitting(true);
    try {
      const res = await fetch("/api/submit-application", { method: "POST", body: form });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      if (res.ok) {
        reset();
        onSubmitted();
        return;
      }
      if (res.status === 403) verification.reset();
      setMessage({ text: MESSAGES.submitError, detail: body.error, kind: "error" });
    } catch {
      setMessage({ text: MESSAGES.submitError, kind: "error" });
    } finally {
      setSubmitting(false);
    }
  }

  const describedBy = (name: FieldName, hint?: boolean) =>
    [hint ? id(`${name}-hint`) : "", errors[name] ? id(`${name}-error`) : ""].filter(Boolean).join(" ") ||
    undefined;
  const err = (name: FieldName) =>
    errors[name] ? (
      <p id={id(`${name}-error`)} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const label = (name: FieldName, text: ReactNode, optional = false) => (
    <label htmlFor={id(name)}>
      {text}
      {optional ? <span className={s.optional}> (optional)</span> : <span aria-hidden="true"> *</span>}
    </label>
  );
  const textField = (
    name: keyof Values,
    text: string,
    extra: InputHTMLAttributes<HTMLInputElement> = {},
    optional = false,
  ) => (
    <div className="field">
      {label(name, text, optional)}
      <input
        id={id(name)}
        name={name}
        value={values[name]}
        required={!optional}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        onChange={(e) => set(name, e.target.value)}
        {...extra}
      />
      {err(name)}
    </div>
  );

  /** One choice out of a few, as radio buttons; a required group says what is missing under it. */
  const radioGroup = (
    name: "gender" | "willingToRelocate",
    text: string,
    options: readonly string[],
    required = false,
  ) => (
    <fieldset className={s.choice} aria-describedby={required ? describedBy(name) : undefined}>
      <legend>
        {text}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className={s.radios}>
        {options.map((o, i) => (
          <label key={o} className={s.radio}>
            <input
              type="radio"
              name={name}
              id={i === 0 ? id(name) : undefined}
              value={o}
              checked={values[name] === o}
              required={required}
              onChange={() => set(name, o)}
            />
            {o}
          </label>
        ))}
      </div>
      {required && err(name)}
    </fieldset>
  );
  return (
    <dialog
      ref={dialogRef}
      className={s.dialog}
      aria-labelledby={id("title")}
      aria-describedby={id("sub")}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => keepTabInside(e, dialogRef.current)}
    >
      <div className={s.dialogHead}>
        <div>
          <h2 id={id("title")} className={s.dialogTitle}>
            Job Application
          </h2>
          <p id={id("sub")} className={s.dialogSub}>
            {job ? job.job_title : "General application"}
          </p>
        </div>
        <button type="button" className={s.close} aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>

      <form ref={formRef} className={s.form} noValidate onSubmit={submit}>
        <p className={s.hint}>
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        <div className={s.cols}>
          {textField("firstName", "First name", { autoComplete: "given-name", maxLength: 100 })}
          {textField("lastName", "Last name", { autoComplete: "family-name", maxLength: 100 })}
        </div>

        <EmailVerification
          state={verification}
          id={id}
          label={label("email", "Email")}
          email={values.email}
          emailError={errors.email}
          onEmailChange={(email) => set("email", email)}
          onEmailProblem={(problem) => setErrors((e) => ({ ...e, email: problem }))}
          onVerified={() => setErrors((e) => ({ ...e, email: undefined }))}
          formBusy={submitting}
        />

        <div className="field">
          {label("mobile", "Mobile number")}
          <PhoneInput
            id={id("mobile")}
            name="mobile"
            className={s.phone}
            defaultCountry="IN"
            flagComponent={Flag}
            countrySelectComponent={CountrySelect}
            autoComplete="tel"
            value={values.mobile || undefined}
            onChange={(v) => set("mobile", v ?? "")}
            aria-invalid={errors.mobile ? true : undefined}
            aria-describedby={describedBy("mobile")}
            required
          />
          {err("mobile")}
        </div>

        {textField("nativePlace", "Address", { autoComplete: "street-address", maxLength: 300 })}

        {radioGroup("gender", "Gender", GENDERS, true)}

        <div className={s.cols}>
          {textField("totalExperience", "Total experience (years)", {
            type: "number",
            inputMode: "decimal",
            min: 0,
            max: 60,
            step: 0.1,
          })}
          {textField("itExperience", "IT experience (years)", {
            type: "number",
            inputMode: "decimal",
            min: 0,
            max: 60,
            step: 0.1,
          })}
        </div>

        {textField("currentCompany", "Current company", { autoComplete: "organization", maxLength: 200 })}

        <div className={s.cols}>
          <div className="field">
            {label("noticePeriod", "Notice period")}
            <select
              id={id("noticePeriod")}
              name="noticePeriod"
              value={values.noticePeriod}
              onChange={(e) => set("noticePeriod", e.target.value)}
            >
              {NOTICE_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {p === "immediate" ? "Immediate" : p}
                </option>
              ))}
            </select>
          </div>
          {textField(
            "expectedSalary",
            "Expected salary (INR per year)",
            { inputMode: "numeric", maxLength: 14, autoComplete: "off" },
            true,
          )}
        </div>

        {radioGroup("willingToRelocate", "Willing to relocate", RELOCATE)}

        <TagInput
          id={id("skills")}
          label="Skills"
          noun="skill"
          tags={skills}
          required
          error={errors.skills}
          onChange={(t) => {
            setSkills(t);
            setErrors((e) => ({ ...e, skills: undefined }));
          }}
        />
        <TagInput
          id={id("certifications")}
          label="Certifications"
          noun="certification"
          tags={certifications}
          error={errors.certifications}
          onChange={setCertifications}
        />

        <div className="field">
          {label("resume", "Resume")}
          <input
            ref={fileRef}
            id={id("resume")}
            name="resume"
            type="file"
            accept={UPLOADS.resume.accept}
            required
            className={s.file}
            aria-invalid={errors.resume ? true : undefined}
            aria-describedby={describedBy("resume", true)}
            onChange={(e) => {
              setResume(e.target.files?.[0] ?? null);
              setErrors((x) => ({ ...x, resume: undefined }));
            }}
          />
          <p id={id("resume-hint")} className={s.hint}>
            {UPLOADS.resume.names}, at most {MAX_FILES_LABEL}.
          </p>
          {err("resume")}
        </div>

        <div role="status" aria-live="polite">
          {message && (
            <p className={message.kind === "error" ? "alert alert--error" : "alert alert--success"}>
              {message.text}
              {message.detail && <span className={s.detail}> {message.detail}</span>}
            </p>
          )}
        </div>

        <div className={s.actions}>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn"
            disabled={!verified || submitting || verification.busy !== ""}
            aria-describedby={verified ? undefined : id("submit-hint")}
          >
            {submitting ? "Submitting..." : "Submit application"}
          </button>
        </div>
        {!verified && (
          <p id={id("submit-hint")} className={s.hint}>
            {MESSAGES.verifyFirst}
          </p>
        )}
      </form>
    </dialog>
  );
}
