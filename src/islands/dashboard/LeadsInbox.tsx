import { useCallback, useEffect, useState } from "react";
import { formatSize } from "../../shared/common/upload-limits";
import type { StaffInquiry } from "../../shared/contact/leads";
import { canWrite, type StaffSession } from "../../shared/staff/staff";
import { formatDateTime, Notice, Pager, useNotice, type PageInfo } from "./admin-ui";
import { api } from "./api";
import s from "./admin.module.css";

type Inquiry = StaffInquiry;

type Handled = "all" | "false" | "true";

const size = (bytes: number | null) => (bytes ? formatSize(bytes) : "");

/** Dashboard screen 'Leads': contact inquiries newest first, filters, the handled flag and CSV export. */
export default function LeadsInbox({ session }: { session: StaffSession }) {
  const writer = canWrite(session.role);
  const { notice, show, fail } = useNotice();
  const [handled, setHandled] = useState<Handled>("all");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const [leads, setLeads] = useState<Inquiry[] | null>(null);
  const [info, setInfo] = useState<PageInfo | null>(null);
  const [saving, setSaving] = useState<number | null>(null);
  const [resending, setResending] = useState<number | null>(null);

  const filters = new URLSearchParams();
  if (handled !== "all") filters.set("handled", handled);
  if (from) filters.set("from", from);
  if (to) filters.set("to", to);
  const query = filters.toString();
  const rangeError = from && to && from > to ? "The From date must be on or before the To date." : "";

  const load = useCallback(async () => {
    if (rangeError) return;
    try {
      const data = await api<PageInfo & { inquiries: Inquiry[] }>(
        `/api/inquiries?${query}${query ? "&" : ""}page=${page}`,
      );
      setLeads(data.inquiries);
      setInfo(data);
    } catch (err) {
      fail(err);
    }
  }, [query, page, fail, rangeError]);

  useEffect(() => {
    void load();
  }, [load]);

  // The sales mail links to /dashboard/leads#lead-<id>: bring that lead into view once listed.
  useEffect(() => {
    const target = /^#lead-\d+$/.test(window.location.hash)
      ? document.getElementById(window.location.hash.slice(1))
      : null;
    if (target) {
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    }
  }, [leads]);

  async function toggle(l: Inquiry, next: boolean) {
    setSaving(l.id);
    // Shown at once; the reload below brings back the server's state (or the old one on failure).
    setLeads((list) => list?.map((x) => (x.id === l.id ? { ...x, handled: next } : x)) ?? null);
    try {
      const res = await api<{ message: string }>("/api/update-inquiry", {
        method: "POST",
        json: { id: l.id, handled: next },
      });
      show("success", res.message);
      await load();
    } catch (err) {
      fail(err);
      await load();
    } finally {
      setSaving(null);
    }
  }

  async function resend(l: Inquiry) {
    setResending(l.id);
    try {
      const res = await api<{ message: string }>("/api/resend-notification", {
        method: "POST",
        json: { id: l.id },
      });
      show("success", res.message);
    } catch (err) {
      fail(err);
    } finally {
      setResending(null);
      await load();
    }
  }

  async function openFile(l: Inquiry) {
    try {
      const { url } = await api<{ url: string }>(`/api/inquiry-file/${l.id}`);
      window.location.assign(url);
    } catch (err) {
      fail(err);
    }
  }

  const filter = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setPage(1);
  };

  return (
    <section className={s.screen} aria-labelledby="leads-title">
      <h1 id="leads-title">Leads</h1>
      <Notice notice={notice} />
      <div className={s.toolbar} role="group" aria-label="Filter leads">
        <div className="field">
          <label htmlFor="leads-handled">Show</label>
          <select id="leads-handled" value={handled} onChange={filter((v) => setHandled(v as Handled))}>
            <option value="all">All leads</option>
            <option value="false">Not handled</option>
            <option value="true">Handled</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="leads-from">From</label>
          <input id="leads-from" type="date" value={from} max={to || undefined} onChange={filter(setFrom)} />
        </div>
        <div className="field">
          <label htmlFor="leads-to">To</label>
          <input
            id="leads-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={filter(setTo)}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? "leads-range-error" : undefined}
          />
        </div>
        <a className="btn btn--ghost" href={`/api/inquiries/export${query ? `?${query}` : ""}`} download>
          Export CSV
        </a>
      </div>
      {rangeError && (
        <p className="field-error" id="leads-range-error" role="alert">
          {rangeError}
        </p>
      )}
      <h2 id="leads-list-title">{info ? `${info.total} lead${info.total === 1 ? "" : "s"}` : "Leads"}</h2>
      {leads === null ? (
        <p>Loading leads...</p>
      ) : leads.length === 0 ? (
        <p>No leads match these filters.</p>
      ) : (
        <ul className={s.list} aria-labelledby="leads-list-title">
          {leads.map((l) => (
            <li key={l.id} id={`lead-${l.id}`} tabIndex={-1} className={s.item}>
              <div className={s.actions} style={{ justifyContent: "space-between" }}>
                <h3 style={{ margin: 0 }}>
                  {l.fullName} · {l.orgName}
                </h3>
                <span className={l.handled ? s.badgeOk : s.badgeWarn}>
                  {l.handled ? "Handled" : "Not handled"}
                </span>
              </div>
              <p className={s.hint}>Received {formatDateTime(l.createdAt)}</p>
              {!l.notification.sent && l.notification.failures > 0 && (
                <div className={`alert alert--error ${s.unsent}`}>
                  <p>
                    <strong>Sales were not notified of this lead.</strong> The notification failed{" "}
                    {l.notification.failures === 1 ? "once" : `${l.notification.failures} times`}
                    {l.notification.lastAttemptAt
                      ? `, last at ${formatDateTime(l.notification.lastAttemptAt)}`
                      : ""}
                    .{" "}
                    {l.notification.nextAttemptAt
                      ? `It will be tried again automatically after ${formatDateTime(l.notification.nextAttemptAt)}.`
                      : "It is no longer tried automatically."}
                  </p>
                  {writer && (
                    <button
                      type="button"
                      className={s.smallButton}
                      disabled={resending === l.id}
                      onClick={() => void resend(l)}
                    >
                      {resending === l.id ? "Sending..." : "Send again"}
                      <span className="visually-hidden"> the notification of the lead from {l.fullName}</span>
                    </button>
                  )}
                </div>
              )}
              <dl className={s.defs}>
                <dt>Business Mail</dt>
                <dd>
                  <a href={`mailto:${l.email}`}>{l.email}</a>
                </dd>
                <dt>Mobile Number</dt>
                <dd>
                  <a href={`tel:${l.mobile}`}>{l.mobile}</a>
                </dd>
                <dt>Job Title</dt>
                <dd>{l.jobTitle}</dd>
                <dt>Industry</dt>
                <dd>{l.industry}</dd>
                <dt>Company Size</dt>
                <dd>{l.companySize}</dd>
                <dt>Approximate Budget</dt>
                <dd>{l.budget}</dd>
                <dt>Project Type</dt>
                <dd>{l.projectType}</dd>
                <dt>Deadline</dt>
                <dd>{l.deadline ?? "—"}</dd>
                {l.sourcePage && (
                  <>
                    <dt>Sent from</dt>
                    <dd>{l.sourcePage}</dd>
                  </>
                )}
                {Object.keys(l.utm).length > 0 && (
                  <>
                    <dt>Campaign</dt>
                    <dd>
                      {Object.entries(l.utm)
                        .map(([k, v]) => `${k}=${v}`)
                        .join(", ")}
                    </dd>
                  </>
                )}
                {l.handled && l.handledBy && (
                  <>
                    <dt>Handled by</dt>
                    <dd>
                      {l.handledBy}
                      {l.handledAt ? `, ${formatDateTime(l.handledAt)}` : ""}
                    </dd>
                  </>
                )}
              </dl>
              <h4 className={s.hint}>Project details</h4>
              <p className={s.pre}>{l.projectDetails || "—"}</p>
              <div className={s.actions}>
                {l.file && (
                  <button type="button" className={s.smallButton} onClick={() => void openFile(l)}>
                    Download attachment<span className="visually-hidden"> from {l.fullName}</span> (
                    {l.file.name}
                    {l.file.size ? `, ${size(l.file.size)}` : ""})
                  </button>
                )}
                {writer && (
                  <label className={s.checkRow}>
                    <input
                      type="checkbox"
                      checked={l.handled}
                      disabled={saving === l.id}
                      onChange={(e) => void toggle(l, e.target.checked)}
                    />
                    Handled<span className="visually-hidden"> (lead from {l.fullName})</span>
                  </label>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager info={info} onPage={setPage} label="Lead pages" />
    </section>
  );
}
