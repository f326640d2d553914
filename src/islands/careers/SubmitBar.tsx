import { MESSAGES } from "../../shared/careers/careers-common";
import type { Message } from "./EmailVerification";
import s from "./application.module.css";

interface Props {
  /** The id of the line that says why Submit is disabled. */
  id: string;
  message: Message | null;
  verified: boolean;
  submitting: boolean;
  /** A code is being sent or checked. */
  busy: boolean;
  onCancel(): void;
}

/** The application's last lines: the form's message, Cancel and Submit (disabled until verified). */
export default function SubmitBar({ id, message, verified, submitting, busy, onCancel }: Props) {
  return (
    <>
      <div role="status" aria-live="polite">
        {message && (
          <p className={message.kind === "error" ? "alert alert--error" : "alert alert--success"}>
            {message.text}
            {message.detail && <span className={s.detail}> {message.detail}</span>}
          </p>
        )}
      </div>

      <div className={s.actions}>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn"
          disabled={!verified || submitting || busy}
          aria-describedby={verified ? undefined : id}
        >
          {submitting ? "Submitting..." : "Submit application"}
        </button>
      </div>
      {!verified && (
        <p id={id} className={s.hint}>
          {MESSAGES.verifyFirst}
        </p>
      )}
    </>
  );
}
