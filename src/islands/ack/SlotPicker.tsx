/**
 * The thank-you page's call booking: the owner's free times in the buyer's time zone (detected,
 * changeable), by day; one click books. An island of the thank-you page, started once its greeting
 * shows, and built on Intl alone: no date library in the browser. Rendered on the server too (in
 * its "Loading" state, at its full height), so the zone is detected only in the browser.
 */
import { startTransition, useEffect, useState } from "react";
import type { bookingSlotsApi, bookMeetingApi } from "../../shared/booking/api";
import type { Meeting, Slot } from "../../shared/booking/availability";
import { byDay, slotLabel, timeLabel, zoneName, zonesFor } from "../../shared/booking/labels";
import type { Route } from "../../shared/api/route";
import { send } from "../lib/api-client";
import "../../styles/slot-times.css";
import s from "./SlotPicker.module.css";

export interface SlotRoutes {
  slots: Route<typeof bookingSlotsApi>;
  book: Route<typeof bookMeetingApi>;
}

function detectedZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "America/New_York";
  } catch {
    return "America/New_York";
  }
}

type State =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "open"; slots: Slot[]; notice?: string }
  | { status: "booked"; meeting: Meeting };

export default function SlotPicker({ routes }: { routes: SlotRoutes }) {
  // Undefined in the server's markup and the first render: the server's zone is not the buyer's.
  const [chosen, setZone] = useState<string>();
  const zone = chosen ?? "";
  const [state, setState] = useState<State>({ status: "loading" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setZone(detectedZone());
    let active = true;
    send(routes.slots, { query: { timeZone: detectedZone() }, cache: "no-store" })
      .then((res) => {
        if (!active) return;
        // A fortnight of times is a long list to build on a slow phone: built in slices, between
        // which the page still answers a tap.
        if (res.ok) startTransition(() => setState({ status: "open", slots: res.data.slots }));
        else setState({ status: "failed", message: res.data.error ?? "The times could not be loaded." });
      })
      .catch(() => active && setState({ status: "failed", message: "The times could not be loaded." }));
    return () => {
      active = false;
    };
    // The slots are the same in every zone; only their labels change.
  }, []);

  async function book(slot: Slot) {
    setBusy(true);
    try {
      const res = await send(routes.book, {
        body: { start: slot.start, ownerId: slot.ownerId, timeZone: zone },
      });
      if (res.ok) setState({ status: "booked", meeting: res.data.meeting });
      else if (res.status === 409) {
        const data = res.data as { error?: string; slots?: Slot[] };
        setState({
          status: "open",
          slots: data.slots ?? [],
          notice: data.error ?? "That time was just taken.",
        });
      } else
        setState((st) => ({
          ...(st.status === "open" ? st : { status: "open", slots: [] }),
          notice: res.data.error ?? "The call could not be booked.",
        }));
    } catch {
      setState((st) => ({
        ...(st.status === "open" ? st : { status: "open", slots: [] }),
        notice: "No connection.",
      }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={s.picker} aria-labelledby="book-call">
      <h2 id="book-call">Book a call now</h2>
      {state.status === "booked" ? (
        <p className={s.booked} role="status">
          Call booked: <strong>{slotLabel(state.meeting.timeZone, new Date(state.meeting.start))}</strong>.
          The invitation is on its way to your mail, with links to cancel or move it.
        </p>
      ) : (
        <>
          <p>Talk to the person who will handle your project. Pick a time that suits you:</p>
          <label className={s.zone}>
            Times shown in{" "}
            <select value={zone} onChange={(e) => setZone(e.target.value)} disabled={busy || !zone}>
              {zonesFor(chosen).map((z) => (
                <option key={z} value={z}>
                  {zoneName(z)}
                </option>
              ))}
            </select>
          </label>
          {state.status === "loading" && <p role="status">Loading the open times...</p>}
          {state.status === "failed" && <p role="alert">{state.message}</p>}
          {state.status === "open" && (
            <>
              {state.notice && (
                <p className={s.notice} role="alert">
                  {state.notice}
                </p>
              )}
              {state.slots.length === 0 ? (
                <p>No times are open just now. We will answer by mail.</p>
              ) : (
                <div className={s.days}>
                  {byDay(zone, state.slots).map((day) => (
                    <div key={day.day} className={s.day} role="group" aria-label={day.day}>
                      <h3>{day.day}</h3>
                      <ul className="slot-times">
                        {day.slots.map((slot) => (
                          <li key={slot.start}>
                            <button
                              type="button"
                              className="slot-time"
                              disabled={busy}
                              aria-label={`Book ${slotLabel(zone, new Date(slot.start))}`}
                              onClick={() => void book(slot)}
                            >
                              {timeLabel(zone, new Date(slot.start))}
                            </button>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
