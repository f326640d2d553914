/**
 * The self-service page: the person asks for a code, enters it, then sees what is held under
 * their address, downloads it as JSON, withdraws an application or erases everything. A link of
 * the talent-pool reminder (?extend=...) keeps the application for another lifetime.
 */
import { useEffect, useId, useState } from "react";
import { TextField, requiredMark } from "../ui/TextField";
import {
  askedToDeleteText,
  counted,
  privacyCodeSchema,
  privacyEmailSchema,
} from "../../shared/privacy/self-service";
import {
  privacyEraseApi,
  privacyExtendApi,
  privacyMyDataApi,
  privacySendCodeApi,
  privacyVerifyCodeApi,
  privacyWithdrawApi,
  type AskedToDelete,
  type ErasedCounts,
  type HeldApplication,
  type HeldData,
} from "../../shared/privacy/api";
import { send } from "../lib/api-client";
import s from "./MyData.module.css";
import { HeldDataView } from "./HeldDataView";

type Step = "email" | "code" | "data" | "erased";
type Status = { kind: "info" | "success" | "error"; text: string } | null;

/** Every call of this page skips the browser's cache: what it shows is personal and changes. */
const NO_STORE = { cache: "no-store" } as const;

const errorOf = (body: { error?: unknown }, fallback: string) =>
  typeof body.error === "string" ? body.error : fallback;

const date = (iso: string) => iso.slice(0, 10);

export interface MyDataProps {
  /** The lifetimes of the retention table, as the notice words them. */
  lifetimes: { data: string; days: string }[];
  /** The company's privacy contact (company.json's privacyEmail), as the privacy notice names it. */
  privacyEmail: string;
}

export default function MyData({ lifetimes, privacyEmail }: MyDataProps) {
  const id = useId();
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<HeldData | null>(null);
  const [confirmErase, setConfirmErase] = useState(false);
  const [erased, setErased] = useState<{ counts: ErasedCounts; asked: AskedToDelete[] } | null>(null);

  async function load(): Promise<boolean> {
    const r = await send(privacyMyDataApi, NO_STORE);
    if (!r.ok) return false;
    setData(r.data);
    setStep("data");
    return true;
  }

  useEffect(() => {
    const extend = new URLSearchParams(window.location.search).get("extend");
    if (extend) {
      void send(privacyExtendApi, { ...NO_STORE, body: { token: extend } }).then((r) =>
        setStatus(
          r.ok
            ? {
                kind: "success",
                text: `Thank you: your application stays in our talent pool until ${date(String(r.data.until))}.`,
              }
            : {
                kind: "error",
                text: errorOf(r.data, "This link could not be used. Please try again later."),
              },
        ),
      );
    }
    // Within 30 minutes of a right code (a reload), the data shows again without a new code.
    void load().catch(() => {});
  }, []);

  async function askCode(e: { preventDefault(): void }) {
    e.preventDefault();
    const parsed = privacyEmailSchema.safeParse({ email });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    setBusy(true);
    try {
      const r = await send(privacySendCodeApi, { ...NO_STORE, body: parsed.data });
      if (!r.ok) return setStatus({ kind: "error", text: errorOf(r.data, "The code could not be sent.") });
      setStep("code");
      setStatus({
        kind: "info",
        text: "If we hold anything under this address, a 6-digit code is on its way to it. It is valid for 10 minutes.",
      });
    } catch {
      setStatus({ kind: "error", text: "The code could not be sent. Please check your connection." });
    } finally {
      setBusy(false);
    }
  }

  async function checkCode(e: { preventDefault(): void }) {
    e.preventDefault();
    const parsed = privacyCodeSchema.safeParse({ email, code });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    setBusy(true);
    try {
      const r = await send(privacyVerifyCodeApi, { ...NO_STORE, body: parsed.data });
      if (!r.ok) return setFieldError(errorOf(r.data, "This code could not be checked."));
      setStatus(null);
      if (!(await load()))
        setStatus({ kind: "error", text: "Your data could not be loaded. Please try again." });
    } catch {
      setStatus({ kind: "error", text: "The code could not be checked. Please check your connection." });
    } finally {
      setBusy(false);
    }
  }

  async function withdraw(app: HeldApplication) {
    if (!window.confirm(`Withdraw application #${app.id}? Your details and resume for it are deleted.`))
      return;
    setBusy(true);
    try {
      const r = await send(privacyWithdrawApi, { ...NO_STORE, body: { id: app.id } });
      if (!r.ok)
        return setStatus({ kind: "error", text: errorOf(r.data, "The application could not be withdrawn.") });
      setStatus({ kind: "success", text: `Application #${app.id} was withdrawn and its details deleted.` });
      if (!(await load())) setStep("email");
    } finally {
      setBusy(false);
    }
  }

  async function eraseAll() {
    setBusy(true);
    try {
      const r = await send(privacyEraseApi, NO_STORE);
      if (!r.ok) return setStatus({ kind: "error", text: errorOf(r.data, "Your data could not be erased.") });
      setErased({ counts: r.data.erased, asked: r.data.askedToDelete });
      setData(null);
      setStatus(null);
      setStep("erased");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={s.page}>
      <h1>Your data</h1>
      <p className={s.lead}>
        See, download or delete what we hold under your e-mail address: your contact inquiries, job
        applications and blog comments. First we send a code to the address, so only its owner can see it.
      </p>
      <div aria-live="polite">
        {status && (
          <p className={`alert alert--${status.kind === "error" ? "error" : "success"}`}>{status.text}</p>
        )}
      </div>

      {(step === "email" || step === "code") && (
        <form className={s.card} onSubmit={step === "email" ? askCode : checkCode} noValidate>
          <h2>{step === "email" ? "Your e-mail address" : "Enter your code"}</h2>
          <TextField
            id={`${id}-email`}
            label="Email"
            mark={requiredMark}
            type="email"
            autoComplete="email"
            required
            value={email}
            readOnly={step === "code"}
            onChange={setEmail}
            error={step === "email" ? fieldError : undefined}
          />
          {step === "code" && (
            <TextField
              id={`${id}-code`}
              label="Code from the e-mail"
              mark={requiredMark}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={setCode}
              error={fieldError}
            />
          )}
          <div className={s.row}>
            <button type="submit" className="btn" disabled={busy}>
              {step === "email" ? "Send me a code" : "Show my data"}
            </button>
            {step === "code" && (
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setStep("email");
                  setCode("");
                  setFieldError(undefined);
                  setStatus(null);
                }}
              >
                Use another address
              </button>
            )}
          </div>
        </form>
      )}

      {step === "data" && data && (
        <>
          <HeldDataView data={data} id={id} busy={busy} onWithdraw={(a) => void withdraw(a)} />

          <section className={`${s.card} ${s.danger}`} aria-labelledby={`${id}-erase`}>
            <h2 id={`${id}-erase`}>Erase everything</h2>
            <p className={s.lead}>
              Your inquiries, applications and comments are anonymised and your files deleted. This cannot be
              undone.
            </p>
            {!confirmErase ? (
              <div className={s.row}>
                <button type="button" className="btn btn--danger" onClick={() => setConfirmErase(true)}>
                  Erase my data
                </button>
              </div>
            ) : (
              <div className={s.row}>
                <button
                  type="button"
                  className="btn btn--danger"
                  disabled={busy}
                  onClick={() => void eraseAll()}
                >
                  Yes, erase everything
                </button>
                <button type="button" className="btn btn--ghost" onClick={() => setConfirmErase(false)}>
                  Cancel
                </button>
              </div>
            )}
          </section>
        </>
      )}

      {step === "erased" && erased && (
        <section className={s.card} aria-labelledby={`${id}-done`}>
          <h2 id={`${id}-done`}>Your data was erased</h2>
          <p className={s.lead}>
            We anonymised {counted(erased.counts.inquiries, "inquiry", "inquiries")},{" "}
            {counted(erased.counts.applications, "application", "applications")} and{" "}
            {counted(erased.counts.comments, "comment", "comments")}, and deleted their files.
          </p>
          {erased.asked.length > 0 && (
            <p className={s.lead}>
              Copies had been sent to our sales team&apos;s customer-relationship system; we asked it to
              delete them: {askedToDeleteText(erased.asked)}.
            </p>
          )}
        </section>
      )}

      <section className={s.card} aria-labelledby={`${id}-keep`}>
        <h2 id={`${id}-keep`}>How long we keep it</h2>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Kept for</th>
            </tr>
          </thead>
          <tbody>
            {lifetimes.map((l) => (
              <tr key={l.data}>
                <td>{l.data}</td>
                <td>{l.days}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={s.meta}>
          Questions about your data? Write to <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>. Read the{" "}
          <a href="/privacy">privacy notice</a>.
        </p>
      </section>
    </div>
  );
}
