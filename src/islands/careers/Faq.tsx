import { useState } from "react";
import { FAQ_DEFAULT_COUNT, MESSAGES, visibleFaqs } from "../../shared/careers/careers-common";
import { type PublicFaq } from "../../shared/careers/api";
import type { addFaqApi } from "../../shared/careers/api";
import type { Route } from "../../shared/api/route";
import { link, send } from "../lib/api-client";
import { TextField } from "../ui/TextField";
import s from "./careers.module.css";

interface Props {
  faqs: PublicFaq[];
  /** POST /api/add-faq, handed by the page (src/pages/careers.astro): no schema loads with the page. */
  add: Route<typeof addFaqApi>;
}

/**
 * Answered FAQs with a search over question and answer (the first four show without a term;
 * every answer is in the HTML), and the form to ask a new question.
 */
export default function Faq({ faqs, add }: Props) {
  const [term, setTerm] = useState("");
  const [question, setQuestion] = useState("");
  const [trap, setTrap] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; next?: string; ok: boolean } | null>(null);

  const shown = new Set(visibleFaqs(faqs, term));
  const searching = term.trim() !== "";

  async function ask(e: { preventDefault(): void }) {
    e.preventDefault();
    setBusy(true);
    try {
      // The server's own schema, loaded with the first question rather than with the page.
      const { faqQuestionSchema } = await import("../../shared/careers/careers");
      const parsed = faqQuestionSchema.safeParse({ question });
      if (!parsed.success) {
        // A blank question is never sent.
        setError(parsed.error.issues[0]?.message ?? "Question is required.");
        setMessage(null);
        document.getElementById("faq-question")?.focus();
        return;
      }
      setError("");
      // The honeypot rides along with the question (src/server/common/honeypot.ts reads it).
      const body = { ...parsed.data, website: trap };
      const res = await send(add, { body });
      if (res.ok) {
        setQuestion("");
        setMessage({ text: MESSAGES.faqSubmitted, next: MESSAGES.faqNext, ok: true });
      } else {
        const error = res.data.error;
        setMessage({ text: `${MESSAGES.faqError}${error ? ` ${error}` : ""}`, ok: false });
      }
    } catch {
      setMessage({ text: MESSAGES.faqError, ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <TextField
        id="faq-search"
        label="Search questions"
        fieldClass={s.search}
        type="search"
        value={term}
        placeholder="e.g. remote, night shift"
        autoComplete="off"
        aria-controls="faq-list"
        onChange={setTerm}
      />
      <p role="status" className={s.count}>
        {searching
          ? shown.size === 0
            ? `No answered questions match "${term.trim()}". Ask it below.`
            : `${shown.size} ${shown.size === 1 ? "question matches" : "questions match"} "${term.trim()}".`
          : faqs.length > FAQ_DEFAULT_COUNT
            ? `Showing ${FAQ_DEFAULT_COUNT} of ${faqs.length} answered questions. Search to find the others.`
            : ""}
      </p>
      <ul id="faq-list" className={s.faqList}>
        {faqs.map((f) => (
          <li key={f.id} className={s.faqItem} hidden={!shown.has(f)}>
            <h3 className={s.faqQ}>{f.question}</h3>
            <p className={s.faqA}>{f.answer}</p>
          </li>
        ))}
      </ul>

      {/* method and action: a question sent before the script loads is posted by the browser. */}
      <form className={`card ${s.ask}`} method="post" action={link(add)} noValidate onSubmit={ask}>
        <h3 className={s.askTitle}>Didn&apos;t find your answer?</h3>
        <div className="field">
          <label htmlFor="faq-question">Ask a new question</label>
          <textarea
            id="faq-question"
            name="question"
            rows={3}
            maxLength={1000}
            placeholder="Ask a new question..."
            value={question}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "faq-question-hint faq-question-error" : "faq-question-hint"}
            onChange={(e) => {
              setQuestion(e.target.value);
              setError("");
            }}
          />
          <p id="faq-question-hint" className={s.hint}>
            Our team answers new questions here; your question appears once it is answered. Please leave out
            personal details (<a href="/privacy">privacy notice</a>).
          </p>
          {error && (
            <p id="faq-question-error" className="field-error">
              {error}
            </p>
          )}
        </div>
        {/* Left empty by people (it is off-screen and skipped by keyboard and screen readers). */}
        <div className={s.trap} aria-hidden="true">
          <label htmlFor="faq-website">Website</label>
          <input
            id="faq-website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(e) => setTrap(e.target.value)}
          />
        </div>
        <div role="status" aria-live="polite">
          {message && (
            <p className={message.ok ? "alert alert--success" : "alert alert--error"}>
              {message.text}
              {message.next && (
                <>
                  <br />
                  {message.next}
                </>
              )}
            </p>
          )}
        </div>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Submitting..." : "Submit question"}
        </button>
      </form>
    </div>
  );
}
