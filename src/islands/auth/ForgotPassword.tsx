import { useState, type FormEvent } from "react";
import Modal from "../ui/Modal";
import { TextField } from "../ui/TextField";
import { send } from "../lib/api-client";
import type { LoginRoutes } from "./routes";

interface Props {
  open: boolean;
  onClose: () => void;
  routes: Pick<LoginRoutes, "forgotPassword" | "resetPassword">;
}

type Message = { kind: "error" | "success"; text: string } | null;

/** The answer as the form reads it: the success's message, or the refusal's error. */
const read = ({ ok, data }: { ok: boolean; data: unknown }) => ({
  ok,
  data: data as { message?: string; error?: string },
});

/**
 * Forgot Password in two steps: the e-mail (a code is sent), then the code with the new
 * password twice. On success: back to step 1, closed, every field cleared, and the success
 * message shown on the sign-in page.
 */
export default function ForgotPassword({ open, onClose, routes }: Props) {
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [done, setDone] = useState("");

  function reset() {
    setStep(1);
    setEmail("");
    setCode("");
    setNewPassword("");
    setConfirm("");
    setMessage(null);
    setBusy(false);
  }

  function close() {
    reset();
    onClose();
  }

  async function sendCode(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return setMessage({ kind: "error", text: "Email is required." });
    setBusy(true);
    setMessage(null);
    try {
      const { ok, data } = read(await send(routes.forgotPassword, { body: { email } }));
      if (!ok) throw new Error(data.error || "Error sending OTP.");
      setStep(2);
      setMessage({ kind: "success", text: data.message ?? "OTP sent to your email." });
    } catch (err) {
      setMessage({
        kind: "error",
        text: err instanceof Error && err.message ? err.message : "Error sending OTP.",
      });
    } finally {
      setBusy(false);
    }
  }

  async function resetPassword(e: FormEvent) {
    e.preventDefault();
    if (!code.trim() || !newPassword || !confirm)
      return setMessage({ kind: "error", text: "All fields are required." });
    if (newPassword !== confirm) return setMessage({ kind: "error", text: "Passwords do not match." });
    setBusy(true);
    setMessage(null);
    try {
      const { ok, data } = read(
        await send(routes.resetPassword, {
          body: { email, otp: code.trim(), new_password: newPassword, confirm_password: confirm },
        }),
      );
      if (!ok) throw new Error(data.error || "Failed to reset password.");
      reset();
      setDone(data.message ?? "Password successfully reset! You can now log in.");
      onClose();
    } catch (err) {
      setMessage({
        kind: "error",
        text: err instanceof Error && err.message ? err.message : "Failed to reset password.",
      });
      setBusy(false);
    }
  }

  return (
    <>
      <p role="status" className={done ? "alert alert--success login-done" : "login-form__empty"}>
        {done}
      </p>
      <Modal open={open} title="Forgot Password" onClose={close}>
        {step === 1 ? (
          <form onSubmit={sendCode} noValidate>
            <p className="modal__hint">
              Step 1 of 2: enter the e-mail of your account and we will send you a 6-digit code.
            </p>
            <TextField
              id="forgot-email"
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
              required
            />
            <Feedback message={message} />
            <div className="modal__actions">
              <button type="button" className="btn btn--ghost" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="btn" disabled={busy}>
                {busy ? "Sending..." : "Send OTP"}
              </button>
            </div>
          </form>
        ) : (
          <form onSubmit={resetPassword} noValidate>
            <p className="modal__hint">
              Step 2 of 2: enter the code sent to <strong>{email}</strong> and choose a new password (at least
              12 characters).
            </p>
            <TextField
              id="forgot-otp"
              label="OTP"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(v) => setCode(v.replace(/\D/g, ""))}
              required
            />
            <TextField
              id="forgot-new"
              label="New Password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={setNewPassword}
              required
            />
            <TextField
              id="forgot-confirm"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={setConfirm}
              required
            />
            <Feedback message={message} />
            <div className="modal__actions">
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setStep(1);
                  setMessage(null);
                }}
              >
                Back
              </button>
              <button type="submit" className="btn" disabled={busy}>
                {busy ? "Resetting..." : "Reset Password"}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}

function Feedback({ message }: { message: Message }) {
  return (
    <p
      role={message?.kind === "error" ? "alert" : "status"}
      className={message ? `alert alert--${message.kind}` : "login-form__empty"}
    >
      {message?.text}
    </p>
  );
}
