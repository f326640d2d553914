import { useCallback, useEffect, useState } from "react";
import type { ResponseOf } from "../../shared/api/contract";
import { endSessionApi, sessionsApi } from "../../shared/staff/api";
import { api, ApiError } from "./api";

type SessionInfo = ResponseOf<typeof sessionsApi>["sessions"][number];

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The signed-in user's active sessions (device, address, last seen), each with Sign out. The
 * addresses are the owner's own and shown to no one else. Signing out this device goes to sign-in.
 */
export default function SessionsList({ open, version = 0 }: { open: boolean; version?: number }) {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [ending, setEnding] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setSessions((await api(sessionsApi)).sessions);
    } catch (err) {
      setMessage({
        kind: "error",
        text: err instanceof ApiError ? err.message : "The sessions could not be loaded.",
      });
    }
  }, []);

  useEffect(() => {
    if (open) void load();
    else {
      setSessions(null);
      setMessage(null);
    }
    // A new version (a password change, which ends the other sessions) reads the list again.
  }, [open, load, version]);

  async function end(s: SessionInfo) {
    setEnding(s.id);
    setMessage(null);
    try {
      await api(endSessionApi, { params: { id: s.id } });
      if (s.current) return window.location.replace("/admin");
      setMessage({ kind: "success", text: `Signed out ${s.device}.` });
      await load();
    } catch (err) {
      setMessage({
        kind: "error",
        text: err instanceof ApiError ? err.message : "The session could not be ended.",
      });
    } finally {
      setEnding(null);
    }
  }

  return (
    <section className="profile-sessions" aria-labelledby="profile-sessions-title">
      <h3 id="profile-sessions-title" className="profile-sessions__title">
        Signed-in devices
      </h3>
      {sessions === null ? (
        <p className="modal__hint">Loading...</p>
      ) : (
        <ul className="profile-sessions__list">
          {sessions.map((s) => (
            <li key={s.id} className="profile-sessions__item">
              <div>
                <strong>{s.device}</strong>
                {s.current && <span className="profile-sessions__current"> (this device)</span>}
                <div className="modal__hint">
                  {s.address ?? "Address unknown"} · last seen {when(s.last_seen_at)}
                </div>
              </div>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={ending !== null}
                aria-label={`Sign out ${s.device}${s.current ? " (this device)" : ""}, last seen ${when(s.last_seen_at)}`}
                onClick={() => void end(s)}
              >
                {ending === s.id ? "Signing out..." : "Sign out"}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p
        role={message?.kind === "error" ? "alert" : undefined}
        aria-live="polite"
        className={message ? `alert alert--${message.kind}` : "dash-empty-live"}
      >
        {message?.text}
      </p>
    </section>
  );
}
