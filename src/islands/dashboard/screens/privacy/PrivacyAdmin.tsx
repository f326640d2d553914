import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { ResponseOf } from "../../../../shared/api/contract";
import {
  privacyErasePersonApi,
  privacyOverviewApi,
  privacySearchApi,
  type HeldData,
} from "../../../../shared/privacy/api";
import { askedToDeleteText, counted } from "../../../../shared/privacy/self-service";
import { formatDateTime, formatDay, Notice, useNotice } from "../../admin-ui";
import { api } from "../../api";
import { SearchRow } from "../../ListControls";
import s from "../../admin.module.css";
import tb from "../../table.module.css";

type Overview = ResponseOf<typeof privacyOverviewApi>;

/** The run's counts in words ("3 applications anonymised"), the zero ones left out. */
const COUNT_WORDS: Record<string, string> = {
  applicationsAnonymised: "applications anonymised",
  talentPoolNotices: "talent-pool reminders",
  leadsAnonymised: "leads anonymised",
  commentEmailsCleared: "comment e-mails cleared",
  spamSendersDeleted: "spam fingerprints deleted",
  commentReportsDeleted: "comment reports' fingerprints deleted",
  sessionsDeleted: "sessions deleted",
  codesDeleted: "codes deleted",
  rateLimitRowsDeleted: "rate-limit rows deleted",
  mailLogDeleted: "mail log rows deleted",
  webhookDeliveriesDeleted: "webhook deliveries deleted",
  meetingsDeleted: "booked calls deleted",
  auditDeleted: "audit entries deleted",
  auditAddressesShortened: "audit addresses shortened",
  orphanImages: "unused post pictures",
  filesDeleted: "files deleted from storage",
};

function download(data: HeldData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `personal-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * Dashboard screen 'Privacy' (root_admin): find what is held under an e-mail address across
 * leads, applications and comments, export it, erase it; the housekeeping job's runs and what
 * expires in the next 30 days.
 */
export default function PrivacyAdmin() {
  return <Privacy />;
}

function Privacy() {
  const { notice, show, fail } = useNotice();
  const [typed, setTyped] = useState("");
  const [held, setHeld] = useState<HeldData | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [overview, setOverview] = useState<Overview | null>(null);

  const loadOverview = useCallback(async () => {
    try {
      setOverview(await api(privacyOverviewApi));
    } catch (err) {
      fail(err);
    }
  }, [fail]);

  useEffect(() => {
    void loadOverview();
  }, [loadOverview]);

  async function search(e: FormEvent) {
    e.preventDefault();
    setConfirming(false);
    try {
      setHeld(await api(privacySearchApi, { query: { email: typed.trim() } }));
    } catch (err) {
      setHeld(null);
      fail(err);
    }
  }

  async function erase() {
    if (!held) return;
    try {
      const r = await api(privacyErasePersonApi, { body: { email: held.email } });
      const receivers = askedToDeleteText(r.askedToDelete);
      show(
        "success",
        `Erased: ${counted(r.erased.inquiries, "lead", "leads")}, ${counted(r.erased.applications, "application", "applications")} and ${counted(r.erased.comments, "comment", "comments")} anonymised, their files deleted. ${
          receivers
            ? `Asked to delete their copy (a signed person.erased webhook): ${receivers}.`
            : "No webhook receiver had been sent a copy."
        }`,
      );
      setHeld(null);
      setConfirming(false);
      setTyped("");
      void loadOverview();
    } catch (err) {
      fail(err);
    }
  }

  const total = held ? held.inquiries.length + held.applications.length + held.comments.length : 0;

  return (
    <section className={s.screen} aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy</h1>
      <p className={s.hint}>
        Answer a person&apos;s request to see or delete their data: find everything held under their e-mail
        address, export it, or erase it. Every search and erasure is in the audit trail, without the address.
      </p>
      <Notice notice={notice} />
      <SearchRow
        id="privacy-email"
        name="Find a person's data"
        label="E-mail address"
        value={typed}
        maxLength={254}
        onChange={setTyped}
        onSubmit={(e) => void search(e)}
      />
      {held && (
        <div className={s.panel}>
          <h2 id="privacy-held-title">What is held under {held.email}</h2>
          {total === 0 ? (
            <p>Nothing is held under this address.</p>
          ) : (
            <>
              <ul>
                {held.inquiries.map((i) => (
                  <li key={`l${i.id}`}>
                    Lead #{i.id}: {i.fullName}, {i.orgName} ({formatDay(i.createdAt)}, {i.stage})
                  </li>
                ))}
                {held.applications.map((a) => (
                  <li key={`a${a.id}`}>
                    Application #{a.id}: {a.firstName} {a.lastName}
                    {a.job ? `, ${a.job}` : ""} ({formatDay(a.createdAt)}, {a.status}
                    {a.talentPool ? ", talent pool" : ""})
                  </li>
                ))}
                {held.comments.map((c) => (
                  <li key={`c${c.id}`}>
                    Comment #{c.id} on “{c.post}” ({formatDay(c.date)})
                  </li>
                ))}
              </ul>
              <div className={s.actions}>
                <button type="button" className="btn btn--ghost" onClick={() => download(held)}>
                  Export JSON
                </button>
                {!confirming ? (
                  <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
                    Erase this person
                  </button>
                ) : (
                  <>
                    <button type="button" className="btn btn--danger" onClick={() => void erase()}>
                      Yes, erase {counted(total, "record", "records")}
                    </button>
                    <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
                      Cancel
                    </button>
                  </>
                )}
              </div>
              {confirming && (
                <p className={s.hint} role="status">
                  The records are anonymised and their files deleted from storage. This cannot be undone.
                </p>
              )}
            </>
          )}
        </div>
      )}

      <h2 id="privacy-expiring-title">Expiring in the next 30 days</h2>
      {overview === null ? (
        <p>Loading...</p>
      ) : overview.expiring.length === 0 ? (
        <p>Nothing expires in the next 30 days.</p>
      ) : (
        <div className={tb.tableWrap} role="region" aria-labelledby="privacy-expiring-title" tabIndex={0}>
          <table className={`${tb.table} ${tb.stack}`}>
            <thead>
              <tr>
                <th scope="col">Expires</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {overview.expiring.map((e) => (
                <tr key={`${e.kind}-${e.id}`}>
                  <td data-label="Expires" className={tb.nowrap}>
                    {formatDay(e.expires)}
                  </td>
                  <td data-label="What">
                    {e.kind} #{e.id}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="privacy-runs-title">Housekeeping runs</h2>
      {overview === null ? (
        <p>Loading...</p>
      ) : overview.runs.length === 0 ? (
        <p>The daily housekeeping job has not run yet.</p>
      ) : (
        <div className={tb.tableWrap} role="region" aria-labelledby="privacy-runs-title" tabIndex={0}>
          <table className={`${tb.table} ${tb.stack}`}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What it did</th>
              </tr>
            </thead>
            <tbody>
              {overview.runs.map((r) => {
                const done = Object.entries(r.counts).filter(([, n]) => n > 0);
                return (
                  <tr key={r.at}>
                    <td data-label="When" className={tb.nowrap}>
                      <time dateTime={r.at}>{formatDateTime(r.at)}</time>
                    </td>
                    <td data-label="What it did">
                      {done.length === 0
                        ? "Nothing had expired."
                        : done.map(([k, n]) => `${n} ${COUNT_WORDS[k] ?? k}`).join(", ")}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {overview && (
        <>
          <h2 id="privacy-rules-title">Retention rules</h2>
          <div className={tb.tableWrap} role="region" aria-labelledby="privacy-rules-title" tabIndex={0}>
            <table className={`${tb.table} ${tb.stack}`}>
              <thead>
                <tr>
                  <th scope="col">What</th>
                  <th scope="col">Days</th>
                  <th scope="col">Then</th>
                </tr>
              </thead>
              <tbody>
                {overview.retention.map((k) => (
                  <tr key={k.key}>
                    <td data-label="What">{k.data}</td>
                    <td data-label="Days">{k.days}</td>
                    <td data-label="Then">{k.then}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
