/**
 * Dashboard screen 'My availability' (lead owners): the member's time zone, weekly hours (several
 * ranges a day, past midnight allowed: 18:30-02:30), days off, call length and buffer, which give
 * buyers the times they may book; and the private address of their calendar feed, renewable.
 */
import { useEffect, useState, type FormEvent } from "react";
import { availabilityApi, renewCalendarFeedApi, updateAvailabilityApi } from "../../../../shared/booking/api";
import { WEEKDAYS, type MyAvailability as Mine } from "../../../../shared/booking/availability";
import { Notice, useNotice } from "../../admin-ui";
import { api } from "../../api";
import s from "./availability.module.css";

export default function MyAvailability() {
  const { notice, show, fail } = useNotice();
  const [mine, setMine] = useState<Mine | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api(availabilityApi).then(setMine).catch(fail);
  }, [fail]);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!mine) return;
    setBusy(true);
    try {
      const saved = await api(updateAvailabilityApi, {
        body: {
          timeZone: mine.timeZone,
          weekly: mine.weekly,
          daysOff: mine.daysOff,
          meetingMinutes: mine.meetingMinutes,
          bufferMinutes: mine.bufferMinutes,
        },
      });
      setMine(saved);
      show("success", "Your availability is saved.");
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function renew() {
    setBusy(true);
    try {
      const { calendarUrl } = await api(renewCalendarFeedApi);
      setMine((m) => (m ? { ...m, calendarUrl } : m));
      show("success", "Your calendar has a new address; the old one no longer works.");
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  if (!mine) return <p role="status">Loading...</p>;
  const set = (patch: Partial<Mine>) => setMine({ ...mine, ...patch });
  return (
    <section aria-labelledby="availability-title">
      <h1 id="availability-title">My availability</h1>
      <p>
        Buyers book calls with you in these hours, in your own time zone. A range may run past midnight
        (18:30-02:30).
      </p>
      <Notice notice={notice} />
      <form onSubmit={(e) => void save(e)} className={s.form}>
        <label>
          Time zone (IANA name)
          <input value={mine.timeZone} onChange={(e) => set({ timeZone: e.target.value })} required />
        </label>
        {WEEKDAYS.map((day, i) => (
          <label key={day}>
            {day}
            <input
              value={mine.weekly[i] ?? ""}
              placeholder="09:00-13:00, 18:30-02:30"
              onChange={(e) => set({ weekly: mine.weekly.map((w, k) => (k === i ? e.target.value : w)) })}
            />
          </label>
        ))}
        <label>
          Days off (YYYY-MM-DD, separated by commas)
          <input
            value={mine.daysOff.join(", ")}
            onChange={(e) =>
              set({
                daysOff: e.target.value
                  .split(",")
                  .map((d) => d.trim())
                  .filter(Boolean),
              })
            }
          />
        </label>
        <label>
          Call length (minutes)
          <input
            type="number"
            min={10}
            max={240}
            value={mine.meetingMinutes}
            onChange={(e) => set({ meetingMinutes: Number(e.target.value) })}
          />
        </label>
        <label>
          Buffer after a call (minutes)
          <input
            type="number"
            min={0}
            max={120}
            value={mine.bufferMinutes}
            onChange={(e) => set({ bufferMinutes: Number(e.target.value) })}
          />
        </label>
        <div className={s.actions}>
          <button className="btn" type="submit" disabled={busy}>
            Save
          </button>
        </div>
      </form>
      <h2>Your calendar feed</h2>
      {mine.calendarUrl ? (
        <p className={s.feed}>
          Subscribe to this private address in Google Calendar or Outlook (keep it to yourself):{" "}
          <code>{mine.calendarUrl}</code>
        </p>
      ) : (
        <p>Save your availability to get your calendar&apos;s address.</p>
      )}
      <button className="btn btn--ghost" type="button" disabled={busy} onClick={() => void renew()}>
        Renew the address
      </button>
    </section>
  );
}
