import type { RefObject } from "react";
import { HONEYPOT_FIELD } from "../../shared/contact/rules";
import s from "./ContactForm.module.css";

/** The contact form's first lines: what the asterisk means, and the form's alert. */
export function FormIntro({
  noteId,
  alert,
}: {
  noteId: string;
  alert: { text: string; detail?: string } | null;
}) {
  return (
    <>
      <p id={noteId} className={s.note}>
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
    </>
  );
}

interface EndProps {
  honeypotId: string;
  honeypotRef: RefObject<HTMLInputElement | null>;
  /** What screen readers hear about sending (visually hidden). */
  status: string;
  sending: boolean;
}

/** The contact form's last lines: the honeypot, the sending status, Send and the promise. */
export function FormEnd({ honeypotId, honeypotRef, status, sending }: EndProps) {
  return (
    <>
      {/* A field people never see or reach; bots fill it in. */}
      <div className={s.hp} aria-hidden="true">
        <label htmlFor={honeypotId}>Website</label>
        <input
          ref={honeypotRef}
          id={honeypotId}
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
    </>
  );
}
