import { useId, useRef, useState, type InputHTMLAttributes } from "react";
import PhoneInput from "react-phone-number-input";
import "react-phone-number-input/style.css";
import { GENDERS, joinTags, MESSAGES, NOTICE_PERIODS, RELOCATE } from "../../shared/careers/careers-common";
import type { ConsentTexts } from "../../shared/privacy/notice";
import ConsentCheck, { NoticeLink } from "../ui/ConsentCheck";
import {
  applicationProblems,
  EMPTY,
  sendApplication,
  ORDER,
  type ApplyJob,
  type FieldName,
  type Values,
} from "./application-form";
import Modal from "../ui/Modal";
import CountrySelect, { countryCode } from "../ui/CountrySelect";
import { describedBy, Field, requiredMark, TextField } from "../ui/TextField";
import { EmailVerification, useEmailVerification, type Message } from "./EmailVerification";
import RadioGroup from "./RadioGroup";
import ResumeField from "./ResumeField";
import SubmitBar from "./SubmitBar";
import TagInput from "./TagInput";
import s from "./application.module.css";

const Flag = countryCode(s.flag);

interface Props {
  open: boolean;
  job: ApplyJob | null;
  /** The consent sentences, with this site's retention lifetimes. */
  consent: ConsentTexts;
  onClose(): void;
  /** Called after the application was stored, with the address it was sent with; the page confirms it. */
  onSubmitted(email: string): void;
}

/**
 * The 'Job Application' modal: a native modal <dialog> (the rest of the page is inert), focus
 * kept inside with Tab, Escape closes, focus goes back to the Apply Now button that opened it.
 * Submit stays disabled until the e-mail is verified with the code we mail.
 */
export default function ApplicationModal({ open, job, consent, onClose, onSubmitted }: Props) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [skills, setSkills] = useState<string[]>([]);
  const [certifications, setCertifications] = useState<string[]>([]);
  const [resume, setResume] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const verification = useEmailVerification();
  const { verified } = verification;

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
    const found = applicationProblems(fields, resume);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage({ text: "Please correct the highlighted fields.", kind: "error" });
      const first = ORDER.find((n) => found[n]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const res = await sendApplication(fields, resume!);
      if (res.ok) {
        const email = values.email.trim();
        reset();
        onSubmitted(email);
        return;
      }
      if (res.status === 403) verification.reset();
      setMessage({ text: MESSAGES.submitError, detail: res.error, kind: "error" });
    } catch {
      setMessage({ text: MESSAGES.submitError, kind: "error" });
    } finally {
      setSubmitting(false);
    }
  }

  const textField = (
    name: keyof Values,
    text: string,
    extra: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange"> = {},
    optional = false,
  ) => (
    <TextField
      id={id(name)}
      label={text}
      mark={optional ? <span className={s.optional}> (optional)</span> : requiredMark}
      error={errors[name]}
      name={name}
      value={values[name]}
      required={!optional}
      onChange={(v) => set(name, v)}
      {...extra}
    />
  );

  const radioGroup = (
    name: "gender" | "willingToRelocate",
    legend: string,
    options: readonly string[],
    required = false,
  ) => (
    <RadioGroup
      id={id(name)}
      name={name}
      legend={legend}
      options={options}
      value={values[name]}
      required={required}
      error={required ? errors[name] : undefined}
      onChange={(o) => set(name, o)}
    />
  );

  return (
    <Modal
      open={open}
      title="Job Application"
      description={job ? job.job_title : "General application"}
      onClose={onClose}
      keepContent
      className={s.dialog}
      classes={{
        body: "",
        head: s.dialogHead,
        title: s.dialogTitle,
        description: s.dialogSub,
        close: s.close,
      }}
    >
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
          label={
            <label htmlFor={id("email")}>
              Email
              {requiredMark}
            </label>
          }
          email={values.email}
          emailError={errors.email}
          onEmailChange={(email) => set("email", email)}
          onEmailProblem={(problem) => setErrors((e) => ({ ...e, email: problem }))}
          onVerified={() => setErrors((e) => ({ ...e, email: undefined }))}
          formBusy={submitting}
        />

        <Field id={id("mobile")} label="Mobile number" mark={requiredMark} error={errors.mobile}>
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
            aria-describedby={describedBy(id("mobile"), { error: errors.mobile })}
            required
          />
        </Field>

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
          <Field id={id("noticePeriod")} label="Notice period" mark={requiredMark}>
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
          </Field>
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

        <ResumeField
          id={id("resume")}
          inputRef={fileRef}
          error={errors.resume}
          onChoose={(file) => {
            setResume(file);
            setErrors((x) => ({ ...x, resume: undefined }));
          }}
        />

        <NoticeLink what="How we use and keep your application, and your rights: read our" />
        <ConsentCheck
          id={id("privacyConsent")}
          name="privacyConsent"
          label={consent.privacy}
          checked={values.privacyConsent === "yes"}
          required
          error={errors.privacyConsent}
          onChange={(on) => set("privacyConsent", on ? "yes" : "")}
        />
        <ConsentCheck
          id={id("talentPool")}
          name="talentPool"
          label={consent.talentPool}
          checked={values.talentPool === "yes"}
          error={errors.talentPool}
          onChange={(on) => set("talentPool", on ? "yes" : "no")}
        />

        <SubmitBar
          id={id("submit-hint")}
          message={message}
          verified={verified}
          submitting={submitting}
          busy={verification.busy !== ""}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
