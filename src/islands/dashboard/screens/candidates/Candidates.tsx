import { usePagedList } from "../../use-paged-list";
import { useId, useState } from "react";
import { yearsText } from "../../../../shared/careers/careers-common";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../../../shared/careers/admin-schemas";
import { formatDateTime, formatDay, MailLink, Pager, type useNotice } from "../../admin-ui";
import { PhoneLink } from "../../phone";
import { useConfirm } from "../../../ui/useConfirm";
import {
  applicationDataApi,
  resumeLinkApi,
  updateApplicationStatusApi,
  type StaffApplication as Application,
} from "../../../../shared/careers/admin-api";
import { link } from "../../../lib/api-client";
import { api } from "../../api";
import s from "../../admin.module.css";
import tb from "../../table.module.css";

type Notices = ReturnType<typeof useNotice>;

const years = yearsText;

/** The statuses that mail the candidate, and what the letter says. */
const MAILED = {
  Rejected: "the rejection e-mail, saying that we will not be moving forward with the application.",
  Selected: "the e-mail inviting them to the next step.",
} as const;

/** Candidates: status filter, the applications table, status changes (admin, root_admin) and resumes. */
export default function Candidates({ writer, notices }: { writer: boolean; notices: Notices }) {
  const { show, fail } = notices;
  // The overview links here with ?status=New.
  const [status, setStatus] = useState<"all" | ApplicationStatus>(() => {
    const v = new URLSearchParams(window.location.search).get("status");
    return APPLICATION_STATUSES.find((st) => st === v) ?? "all";
  });
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState<number | null>(null);
  const uid = useId();
  const { ask, dialog } = useConfirm();

  const {
    rows: apps,
    info,
    reload: load,
  } = usePagedList(applicationDataApi, "applications", { status, page }, fail);

  async function change(a: Application, next: ApplicationStatus) {
    const letter = MAILED[next as keyof typeof MAILED] as string | undefined;
    if (
      letter &&
      !(await ask({
        title: "Change the status?",
        body: (
          <>
            <p>
              Set the status of {a.name} ({a.job_title ?? "job post removed"}) to <strong>{next}</strong>?
            </p>
            <p>
              {a.name} will be e-mailed at <strong>{a.email}</strong>: {letter}
            </p>
          </>
        ),
        confirm: "Change and e-mail",
        danger: next === "Rejected",
      }))
    )
      return;
    setSaving(a.id);
    try {
      const res = await api(updateApplicationStatusApi, { body: { id: a.id, status: next } });
      const mailNote =
        res.change && (next === "Selected" || next === "Rejected")
          ? res.mailed
            ? " The candidate was e-mailed."
            : " The e-mail to the candidate could not be sent; it is logged for a re-send."
          : "";
      const sentence = /[.!?]$/.test(res.message) ? res.message : `${res.message}.`;
      show("success", `${sentence}${mailNote}`);
      await load();
    } catch (err) {
      fail(err);
    } finally {
      setSaving(null);
    }
  }

  return (
    <div>
      <h2 id={`${uid}-title`}>Candidates{info ? ` (${info.total})` : ""}</h2>
      <div className={s.toolbar}>
        <div className="field">
          <label htmlFor={`${uid}-status`}>Status</label>
          <select
            id={`${uid}-status`}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
          >
            <option value="all">All</option>
            {APPLICATION_STATUSES.map((st) => (
              <option key={st} value={st}>
                {st}
              </option>
            ))}
          </select>
        </div>
      </div>
      {apps === null ? (
        <p>Loading candidates...</p>
      ) : apps.length === 0 ? (
        <p>No candidates{status === "all" ? " yet" : ` with the status ${status}`}.</p>
      ) : (
        <div className={tb.tableWrap} role="region" aria-labelledby={`${uid}-title`} tabIndex={0}>
          <table className={`${tb.table} ${tb.stack} ${tb.dense} ${tb.stickyFirst}`}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Experience</th>
                <th scope="col">Email</th>
                <th scope="col">Contact No</th>
                <th scope="col">Resume</th>
                <th scope="col">Status</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {apps.map((a) => (
                <tr key={a.id}>
                  <td data-label="Name" className={tb.nameCell}>
                    <strong className={tb.nowrap}>{a.name}</strong>
                    <br />
                    <span className={s.hint}>
                      {a.job_title ?? "Job post removed"} · {formatDay(a.created_at)}
                    </span>
                  </td>
                  <td data-label="Experience" className={tb.nowrap}>
                    {years(a.total_experience)}
                  </td>
                  <td data-label="Email">
                    <MailLink email={a.email} />
                  </td>
                  <td data-label="Contact No" className={tb.nowrap}>
                    <PhoneLink phone={a.mobile} />
                  </td>
                  <td data-label="Resume" className={a.resume.held ? tb.nowrap : undefined}>
                    {a.resume.held ? (
                      /* A new tab keeps the dashboard; the server answers with a fresh two-minute signed link. */
                      <a
                        href={link(resumeLinkApi, { params: { id: a.id }, query: { open: 1 } })}
                        target="_blank"
                        rel="noopener"
                      >
                        View PDF<span className="visually-hidden"> resume of {a.name}</span>
                      </a>
                    ) : (
                      <span className={s.hint}>
                        {a.resume.gone ? `Resume ${a.resume.gone}` : "No resume"}
                      </span>
                    )}
                  </td>
                  <td data-label="Status">
                    {writer ? (
                      <>
                        <label className="visually-hidden" htmlFor={`${uid}-st-${a.id}`}>
                          Status of {a.name}
                        </label>
                        <select
                          id={`${uid}-st-${a.id}`}
                          className={`input ${s.statusSelect}`}
                          value={a.status}
                          disabled={saving === a.id}
                          onChange={(e) => void change(a, e.target.value as ApplicationStatus)}
                        >
                          {APPLICATION_STATUSES.map((st) => (
                            <option key={st} value={st}>
                              {st}
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      <span className={s.badge}>{a.status}</span>
                    )}
                  </td>
                  <td data-label="Details">
                    <details>
                      <summary className={s.linkButton}>
                        History ({a.history.length})
                        <span className="visually-hidden"> and details of {a.name}</span>
                      </summary>
                      <dl className={s.defs}>
                        <dt>Address</dt>
                        <dd>{a.native_place}</dd>
                        <dt>IT experience</dt>
                        <dd>{years(a.it_experience)}</dd>
                        <dt>Company</dt>
                        <dd>{a.current_company}</dd>
                        <dt>Notice period</dt>
                        <dd>{a.notice_period}</dd>
                        <dt>Expected salary</dt>
                        <dd>
                          {a.expected_salary === null
                            ? "—"
                            : `INR ${a.expected_salary.toLocaleString("en-IN")}`}
                        </dd>
                        <dt>Relocate</dt>
                        <dd>{a.willing_to_relocate}</dd>
                        <dt>Skills</dt>
                        <dd>{a.skills}</dd>
                        {a.certifications && (
                          <>
                            <dt>Certifications</dt>
                            <dd>{a.certifications}</dd>
                          </>
                        )}
                        <dt>Privacy consent</dt>
                        <dd>
                          {a.privacy_consent_version && a.privacy_consent_at
                            ? `Notice ${a.privacy_consent_version}, ${formatDateTime(a.privacy_consent_at)}`
                            : "Not recorded (sent before consent was asked)"}
                        </dd>
                        <dt>Talent pool</dt>
                        <dd>
                          {a.talent_pool && a.talent_pool_consent_at
                            ? `Yes, agreed ${formatDateTime(a.talent_pool_consent_at)}`
                            : "No"}
                        </dd>
                      </dl>
                      {a.history.length === 0 ? (
                        <p className={s.hint}>No status changes yet.</p>
                      ) : (
                        <ol className={s.history} aria-label={`Status history of ${a.name}`}>
                          {a.history.map((h) => (
                            <li key={h.at + h.to}>
                              {formatDateTime(h.at)}: {h.from} → {h.to} by {h.by}
                            </li>
                          ))}
                        </ol>
                      )}
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager info={info} onPage={setPage} label="Candidate pages" />
      {dialog}
    </div>
  );
}
