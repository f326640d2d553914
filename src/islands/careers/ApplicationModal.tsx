import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import PhoneInput, { isValidPhoneNumber } from "react-phone-number-input";
import "react-phone-number-input/style.css";
import {
  applicationSchema,
  emailOtpSchema,
  GENDERS,
  joinTags,
  MESSAGES,
  NOTICE_PERIODS,
  RELOCATE,
  RESUME_ACCEPT,
  RESUME_MAX_BYTES,
} from "../../lib/careers";
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
type FieldName = keyof Values | "skills" | "certifications" | "resume" | "code";
type Message = { text: string; detail?: string | undefined; kind: "info" | "success" | "error" };

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

/** Country flags would load from a foreign host; the two-letter code is shown instead. */
function FlagCode({ country }: { country?: string }) {
  return <span className={s.flag}>{country ?? "+"}</span>;
}

async function postJson(url: string, data: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  const body = (await res.json().catch(() => ({}))) as { success?: boolean; error?: string };
  return { res, body };
}

function resumeProblem(file: File | null): string | undefined {
  if (!file) return "Resume is required.";
  if (!/\.(pdf|docx?)$/i.test(file.name)) return "Resume must be a PDF, DOC or DOCX file.";
  if (file.size > RESUME_MAX_BYTES) return "Resume is too large: the limit is 4 MB.";
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
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState<"" | "send" | "verify" | "submit">("");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [message, setMessage] = useState<Message | null>(null);

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
    setCode("");
    setCodeSent(false);
    setVerified(false);
    setErrors({});
    setMessage(null);
  }

  function set<K extends keyof Values>(name: K, value: Values[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    if (name === "email" && value !== values.email) {
      // A different address needs its own code.
      setVerified(false);
      setCodeSent(false);
      setCode("");
    }
  }

  /** Keeps Tab and Shift+Tab inside the dialog, and lets Escape close it through onClose. */
  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== "Tab") return;
    const focusable = Array.from(
      dialogRef.current!.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ).filter((el) => el.offsetParent !== null || el === document.activeElement);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  async function sendCode() {
    const parsed = emailOtpSchema.safeParse({ email: values.email });
    if (!parsed.success) {
      setErrors((e) => ({ ...e, email: parsed.error.issues[0]?.message }));
      document.getElementById(id("email"))?.focus();
      return;
    }
    setBusy("send");
    try {
      const { res, body } = await postJson("/api/send-email-otp", parsed.data);
      if (res.ok && body.success) {
        setCodeSent(true);
        setMessage({ text: MESSAGES.otpSent, kind: "success" });
        requestAnimationFrame(() => document.getElementById(id("code"))?.focus());
      } else setMessage({ text: MESSAGES.otpSendFailed, detail: body.error, kind: "error" });
    } catch {
      setMessage({ text: MESSAGES.otpSendError, kind: "error" });
    } finally {
      setBusy("");
    }
  }

  async function verifyCode() {
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors((e) => ({ ...e, code: "Enter the 6-digit code from the e-mail." }));
      return;
    }
    setBusy("verify");
    try {
      const { res, body } = await postJson("/api/verify-email-otp", {
        email: values.email,
        code: code.trim(),
      });
      if (res.ok && body.success) {
        setVerified(true);
        setErrors((e) => ({ ...e, code: undefined, email: undefined }));
        setMessage({ text: MESSAGES.verified, kind: "success" });
      } else if (res.ok || res.status === 400) {
        setMessage({
          text: MESSAGES.wrongOtp,
          detail: body.error && body.error !== MESSAGES.wrongOtp ? body.error : undefined,
          kind: "error",
        });
      } else setMessage({ text: MESSAGES.verifyError, detail: body.error, kind: "error" });
    } catch {
      setMessage({ text: MESSAGES.verifyError, kind: "error" });
    } finally {
      setBusy("");
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
    setBusy("submit");
    try {
      const res = await fetch("/api/submit-application", { method: "POST", body: form });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      if (res.ok) {
        reset();
        onSubmitted();
        return;
      }
      if (res.status === 403) setVerified(false);
      setMessage({ text: MESSAGES.submitError, detail: body.error, kind: "error" });
    } catch {
      setMessage({ text: MESSAGES.submitError, kind: "error" });
    } finally {
      setBusy("");
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
      onKeyDown={onKeyDown}
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

        <fieldset className={s.verify}>
          <legend>Email verification</legend>
          <div className="field">
            {label("email", "Email")}
            <div className={s.inline}>
              <input
                id={id("email")}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                required
                value={values.email}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy("email")}
                onChange={(e) => set("email", e.target.value)}
              />
              <button
                type="button"
                className="btn btn--ghost"
                onClick={sendCode}
                disabled={busy !== "" || verified}
              >
                {busy === "send" ? "Sending..." : codeSent ? "Resend OTP" : "Send OTP"}
              </button>
            </div>
            {err("email")}
          </div>
          {verified ? (
            <p className={s.verified}>
              <span aria-hidden="true">✓ </span>Email verified
            </p>
          ) : (
            codeSent && (
              <div className="field">
                <label htmlFor={id("code")}>Email OTP</label>
                <div className={s.inline}>
                  <input
                    id={id("code")}
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="\d{6}"
                    maxLength={6}
                    value={code}
                    aria-invalid={errors.code ? true : undefined}
                    aria-describedby={describedBy("code", true)}
                    onChange={(e) => {
                      setCode(e.target.value.replace(/\D/g, ""));
                      setErrors((x) => ({ ...x, code: undefined }));
                    }}
                    onKeyDown={(e) => {
                      if (e.key === "Enter") {
                        e.preventDefault();
                        void verifyCode();
                      }
                    }}
                  />
                  <button type="button" className="btn" onClick={verifyCode} disabled={busy !== ""}>
                    {busy === "verify" ? "Verifying..." : "Verify"}
                  </button>
                </div>
                <p id={id("code-hint")} className={s.hint}>
                  The 6-digit code is valid for 10 minutes.
                </p>
                {err("code")}
              </div>
            )
          )}
        </fieldset>

        <div className="field">
          {label("mobile", "Mobile number")}
          <PhoneInput
            id={id("mobile")}
            name="mobile"
            className={s.phone}
            defaultCountry="IN"
            flagComponent={FlagCode}
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

        <fieldset className={s.choice} aria-describedby={describedBy("gender")}>
          <legend>
            Gender<span aria-hidden="true"> *</span>
          </legend>
          <div className={s.radios}>
            {GENDERS.map((g, i) => (
              <label key={g} className={s.radio}>
                <input
                  type="radio"
                  name="gender"
                  id={i === 0 ? id("gender") : undefined}
                  value={g}
                  checked={values.gender === g}
                  required
                  onChange={() => set("gender", g)}
                />
                {g}
              </label>
            ))}
          </div>
          {err("gender")}
        </fieldset>

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

        <fieldset className={s.choice}>
          <legend>
            Willing to relocate<span aria-hidden="true"> *</span>
          </legend>
          <div className={s.radios}>
            {RELOCATE.map((r, i) => (
              <label key={r} className={s.radio}>
                <input
                  type="radio"
                  name="willingToRelocate"
                  id={i === 0 ? id("willingToRelocate") : undefined}
                  value={r}
                  checked={values.willingToRelocate === r}
                  onChange={() => set("willingToRelocate", r)}
                />
                {r}
              </label>
            ))}
          </div>
        </fieldset>

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
            accept={RESUME_ACCEPT}
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
            PDF, DOC or DOCX, at most 4 MB.
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
            disabled={!verified || busy !== ""}
            aria-describedby={verified ? undefined : id("submit-hint")}
          >
            {busy === "submit" ? "Submitting..." : "Submit application"}
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
