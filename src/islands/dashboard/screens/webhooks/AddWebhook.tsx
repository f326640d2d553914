/** The Webhooks screen's form: a receiver's URL and the events it takes; then its secret, once. */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { URL_RULE_TEXT, webhookCreateSchema, type UrlRule } from "../../../../shared/webhooks/webhooks";
import {
  ALWAYS_SENT,
  EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from "../../../../shared/webhooks/events";
import { TextField } from "../../../ui/TextField";
import { api } from "../../api";
import { addWebhookApi } from "../../../../shared/webhooks/api";
import s from "../../admin.module.css";
import w from "./webhooks.module.css";

export function AddWebhook({
  urlRule,
  onAdded,
  onError,
}: {
  /** Where a receiver may be here (null until the list has loaded: the deployed rule is shown). */
  urlRule: UrlRule | null;
  onAdded: (id: number, secret: string) => Promise<void>;
  onError: (text: string) => void;
}) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["lead.created", "lead.updated"]);
  const [busy, setBusy] = useState(false);

  const toggle = (e: WebhookEvent) =>
    setEvents((list) => (list.includes(e) ? list.filter((x) => x !== e) : [...list, e]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = webhookCreateSchema.safeParse({ url, events });
    if (!checked.success)
      return onError(checked.error.issues[0]?.message ?? "Check the address and the events.");
    setBusy(true);
    try {
      const made = await api(addWebhookApi, { body: { url: url.trim(), events } });
      setUrl("");
      await onAdded(made.id, made.secret);
    } catch (err) {
      onError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="webhook-add-title">
      <h2 id="webhook-add-title">Add an endpoint</h2>
      <TextField
        id="webhook-url"
        label="Receiver URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://crm.example.com/hooks/website"
        hint={URL_RULE_TEXT[urlRule ?? "public-https"]}
        value={url}
        onChange={setUrl}
        maxLength={2000}
        required
      />
      <fieldset className={w.events}>
        <legend>Events to send</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <label key={e} className={w.event}>
            {/* An event sent to every receiver that needs it, whatever it subscribes to: shown ticked. */}
            <input
              type="checkbox"
              name="events"
              value={e}
              checked={ALWAYS_SENT.includes(e) || events.includes(e)}
              disabled={ALWAYS_SENT.includes(e)}
              onChange={() => toggle(e)}
            />
            <span>
              {EVENT_LABELS[e]} <code className={w.eventName}>{e}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <div className={s.actions}>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Adding..." : "Add endpoint"}
        </button>
      </div>
    </form>
  );
}

/** The new endpoint's secret: shown this once, with a copy button. */
export function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<string>("");
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("Secret copied to the clipboard.");
    } catch {
      setCopied("The browser did not allow copying: select the secret and copy it yourself.");
    }
  }

  return (
    <div className={s.panel} role="region" aria-labelledby="webhook-secret-title">
      <h2 id="webhook-secret-title" tabIndex={-1} ref={heading}>
        The endpoint&apos;s signing secret
      </h2>
      <p className={w.warning}>
        Copy it now and store it in the CRM&apos;s webhook settings: it will not be shown again. The CRM uses
        it to verify each delivery (Standard Webhooks). If it is lost, delete the endpoint and add it again.
      </p>
      <label htmlFor="webhook-secret">Secret</label>
      <input
        id="webhook-secret"
        className={w.secret}
        readOnly
        value={secret}
        onFocus={(e) => e.target.select()}
      />
      <div className={s.actions}>
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          I have stored it
        </button>
      </div>
      <p role="status" aria-live="polite" className={s.hint}>
        {copied}
      </p>
    </div>
  );
}
