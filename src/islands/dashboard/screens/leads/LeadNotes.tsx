import { useId, useState, type FormEvent } from "react";
import { addLeadNoteApi, type Lead, type LeadEvent } from "../../../../shared/contact/leads-api";
import { MAX_NOTE_LENGTH } from "../../../../shared/contact/pipeline-terms";
import { formatDateTime, type useNotice } from "../../admin-ui";
import { api } from "../../api";
import s from "../../admin.module.css";
import p from "../../pipeline.module.css";
import { describedBy, Field } from "../../../ui/TextField";
import { callTime } from "./CallLine";

function describe(e: LeadEvent, id: number): string {
  const on = e.lead !== id ? ` (on lead #${e.lead})` : "";
  if (e.kind === "merge") return `Merged: lead ${e.from ?? ""} into lead ${e.to ?? ""}`;
  if (e.kind === "meeting") {
    const when = (at: string) => callTime(at);
    if (e.from && e.to) return `Call moved: ${when(e.from)} → ${when(e.to)}`;
    if (e.to) return `Call booked: ${when(e.to)}`;
    return `Call cancelled: ${e.from ? when(e.from) : ""}`;
  }
  if (e.kind === "stage") return `Stage: ${e.from ?? "New"} → ${e.to ?? "New"}${on}`;
  if (e.kind === "owner") return `Owner: ${e.from ?? "nobody"} → ${e.to ?? "nobody"}${on}`;
  if (e.kind === "documents") return `Documents ${e.from ?? ""}: ${e.to ?? ""}${on}`;
  return `${e.contacted ? "Note (contacted the buyer)" : "Note"}${on}`;
}

interface Props {
  lead: Lead;
  writer: boolean;
  /** Whether the box is open; its events are loaded by the card (null while they come). */
  open: boolean;
  events: LeadEvent[] | null;
  notices: ReturnType<typeof useNotice>;
  /** After a note is added: the card reloads the timeline and the list. */
  onAdded: () => Promise<void>;
}

/** A lead's notes and timeline: the note form (admin and root_admin) above the events the card loaded. */
export default function LeadNotes({ lead: l, writer, open, events, notices, onAdded }: Props) {
  const { show, fail } = notices;
  const uid = useId();
  const [note, setNote] = useState("");
  const [contacted, setContacted] = useState(false);
  const [noteError, setNoteError] = useState("");
  const [adding, setAdding] = useState(false);
  const who = ` (lead from ${l.fullName})`;

  async function addNote(e: FormEvent) {
    e.preventDefault();
    const body = note.trim();
    if (!body) return setNoteError("Write the note first.");
    setAdding(true);
    try {
      const res = await api(addLeadNoteApi, { body: { id: l.id, body, contacted } });
      setNote("");
      setContacted(false);
      setNoteError("");
      show("success", res.message);
      await onAdded();
    } catch (err) {
      fail(err);
    } finally {
      setAdding(false);
    }
  }

  return (
    <>
      {writer && (
        <form onSubmit={addNote} className={p.noteForm} noValidate>
          <Field
            id={`${uid}-note`}
            label={
              <>
                New note<span className="visually-hidden">{who}</span>
              </>
            }
            error={noteError}
          >
            <textarea
              id={`${uid}-note`}
              rows={3}
              maxLength={MAX_NOTE_LENGTH}
              value={note}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={describedBy(`${uid}-note`, { error: noteError })}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <label className={p.contacted}>
            <input type="checkbox" checked={contacted} onChange={(e) => setContacted(e.target.checked)} />
            <span>
              This note records a contact with the buyer<span className="visually-hidden">{who}</span>
            </span>
          </label>
          <button type="submit" className={s.smallButton} disabled={adding}>
            {adding ? "Adding..." : "Add note"}
          </button>
        </form>
      )}
      {open && events === null && <p>Loading the timeline...</p>}
      {events && events.length === 0 && <p className={s.hint}>Nothing recorded yet.</p>}
      {events && events.length > 0 && (
        <ol className={p.timeline} aria-label={`Timeline of the lead from ${l.fullName}`}>
          {events.map((e) => (
            <li key={e.id}>
              <p className={s.hint}>
                <strong>{describe(e, l.id)}</strong> · {e.by} ·{" "}
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </p>
              {e.body && <p className={s.pre}>{e.body}</p>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
