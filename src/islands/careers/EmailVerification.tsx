import { useEffect, useState, type ReactNode } from "react";
import { codeRequestSchema } from "../../shared/careers/careers";
import { MESSAGES } from "../../shared/careers/careers-common";
import { sendEmailOtpApi, verifyEmailOtpApi } from "../../shared/careers/api";
import { send as call, type Answer } from "../lib/api-client";
import s from "./application.module.css";

export type Message = { text: string; detail?: string | undefined; kind: "info" | "success" | "error" };

/** The answer and its body as the form reads it: a refusal's `error`, or `success` (with `error` when false). */
function read(res: Answer<typeof sendEmailOtpApi> | Answer<typeof verifyEmailOtpApi>) {
  return { res, body: res.data as { success?: boolean; error?: string } };
}

/**
 * The one-time-code check of the application form's e-mail: send a code, verify it. What sending
 * said (`sendNote`) shows beside the Send OTP button, what checking said (`codeNote`) beside the
 * code box, each in a status region, so the answer is where the person pressed.
 */
export function useEmailVerification() {
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [codeSent, setCodeSent] = useState(false);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState<"" | "send" | "verify">("");
  const [sendNote, setSendNote] = useState<Message | null>(null);
  const [codeNote, setCodeNote] = useState<Message | null>(null);

  /** Forgets the code and the verification (a new address, a reset form, a refused submit). */
  function reset() {
    setCode("");
    setCodeError(undefined);
    setCodeSent(false);
    setVerified(false);
    setSendNote(null);
    setCodeNote(null);
  }

  /** Mails a code; returns what is wrong with the address, if anything. */
  async function send(email: string): Promise<string | undefined> {
    const parsed = codeRequestSchema.safeParse({ email });
    if (!parsed.success) return parsed.error.issues[0]?.message;
    setBusy("send");
    setSendNote(null);
    setCodeNote(null);
    try {
      const { res, body } = read(await call(sendEmailOtpApi, { body: parsed.data }));
      if (res.ok && body.success) {
        setCodeSent(true);
        setSendNote({ text: MESSAGES.codeSent, detail: "Enter it in the box below.", kind: "success" });
      } else if (res.status === 429) {
        // Not sent now (a code went out within the minute, or today's codes are used up): a code
        // already received still works, so the box for it stays offered.
        setCodeSent(true);
        setSendNote({
          text: body.error ?? MESSAGES.codeSendFailed,
          detail: "If you already have a code from us, enter it below.",
          kind: "info",
        });
      } else setSendNote({ text: body.error ?? MESSAGES.codeSendFailed, kind: "error" });
    } catch {
      setSendNote({ text: MESSAGES.codeSendError, kind: "error" });
    } finally {
      setBusy("");
    }
    return undefined;
  }

  /** Checks the typed code for the address; true when it is verified. */
  async function verify(email: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError("Enter the 6-digit code from the e-mail.");
      return false;
    }
    setBusy("verify");
    try {
      const { res, body } = read(await call(verifyEmailOtpApi, { body: { email, code: code.trim() } }));
      if (res.ok && body.success) {
        setVerified(true);
        setCodeError(undefined);
        setCodeNote(null);
        setSendNote({ text: MESSAGES.verified, kind: "success" });
        return true;
      }
      if (res.ok || res.status === 400)
        setCodeNote({
          text: MESSAGES.wrongCode,
          detail: body.error && body.error !== MESSAGES.wrongCode ? body.error : undefined,
          kind: "error",
        });
      else setCodeNote({ text: MESSAGES.verifyError, detail: body.error, kind: "error" });
    } catch {
      setCodeNote({ text: MESSAGES.verifyError, kind: "error" });
    } finally {
      setBusy("");
    }
    return false;
  }

  function typeCode(value: string) {
    setCode(value.replace(/\D/g, ""));
    setCodeError(undefined);
  }

  return { code, codeError, codeSent, verified, busy, sendNote, codeNote, reset, send, verify, typeCode };
}

export type EmailVerificationState = ReturnType<typeof useEmailVerification>;

interface Props {
  state: EmailVerificationState;
  /** Builds the form's element ids. */
  id(name: string): string;
  email: string;
  emailError?: string | undefined;
  onEmailChange(email: string): void;
  onEmailProblem(problem: string): void;
  onVerified(): void;
  /** Another action of the form is running: the buttons wait. */
  formBusy: boolean;
  label: ReactNode;
}

/** A status line right under the control it answers (in the page before anything is said, so it is announced). */
function Note({ note }: { note: Message | null }) {
  const kind =
    note?.kind === "error" ? "alert--error" : note?.kind === "success" ? "alert--success" : "alert--info";
  return (
    <div role="status" aria-live="polite" className={s.note}>
      {note && (
        <p className={`alert ${kind}`}>
          {note.text}
          {note.detail && <span className={s.detail}> {note.detail}</span>}
        </p>
      )}
    </div>
  );
}

/** The e-mail field with Send OTP, then the code field with Verify, then 'Email verified'. */
export function EmailVerification({
  state: v,
  id,
  email,
  emailError,
  onEmailChange,
  onEmailProblem,
  onVerified,
  formBusy,
  label,
}: Props) {
  const busy = formBusy || v.busy !== "";
  const describedBy = (name: string, error: string | undefined, hint = false) =>
    [hint ? id(`${name}-hint`) : "", error ? id(`${name}-error`) : ""].filter(Boolean).join(" ") || undefined;

  async function verifyCode() {
    if (await v.verify(email)) onVerified();
  }

  // Asked for after a code request: the code's box gets the focus once the render that shows it is
  // in the page (a frame's callback could come before that render, and find no box to focus).
  const [focusCode, setFocusCode] = useState(0);
  const codeId = id("code");
  useEffect(() => {
    if (focusCode) document.getElementById(codeId)?.focus();
  }, [focusCode, codeId]);

  async function sendCode() {
    const problem = await v.send(email);
    if (problem) {
      onEmailProblem(problem);
      document.getElementById(id("email"))?.focus();
    } else setFocusCode((n) => n + 1);
  }

  return (
    <fieldset className={s.verify}>
      <legend>Email verification</legend>
      <div className="field">
        {label}
        <div className={s.inline}>
          <input
            id={id("email")}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            required
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy("email", emailError)}
            onChange={(e) => onEmailChange(e.target.value)}
          />
          <button type="button" className="btn btn--ghost" onClick={sendCode} disabled={busy || v.verified}>
            {v.busy === "send" ? "Sending..." : v.codeSent ? "Resend OTP" : "Send OTP"}
          </button>
        </div>
        {emailError && (
          <p id={id("email-error")} className="field-error">
            {emailError}
          </p>
        )}
        <Note note={v.sendNote} />
      </div>
      {v.verified ? (
        <p className={s.verified}>
          <span aria-hidden="true">✓ </span>Email verified
        </p>
      ) : (
        v.codeSent && (
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
                value={v.code}
                aria-invalid={v.codeError ? true : undefined}
                aria-describedby={describedBy("code", v.codeError, true)}
                onChange={(e) => v.typeCode(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    void verifyCode();
                  }
                }}
              />
              <button type="button" className="btn" onClick={() => void verifyCode()} disabled={busy}>
                {v.busy === "verify" ? "Verifying..." : "Verify"}
              </button>
            </div>
            <p id={id("code-hint")} className={s.hint}>
              The 6-digit code is valid for 10 minutes.
            </p>
            {v.codeError && (
              <p id={id("code-error")} className="field-error">
                {v.codeError}
              </p>
            )}
            <Note note={v.codeNote} />
          </div>
        )
      )}
    </fieldset>
  );
}
