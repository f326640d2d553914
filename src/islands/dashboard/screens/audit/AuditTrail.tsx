import { usePagedList } from "../../use-paged-list";
import { useState, type FormEvent } from "react";
import { auditLogApi, auditLogExportApi } from "../../../../shared/audit/api";
import { actionLabel, areaLabel, AUDIT_AREAS, whoLabel } from "../../../../shared/audit/actions";
import { link } from "../../../lib/api-client";
import { isRole, roleLabel } from "../../../../shared/staff/staff";
import { formatDateTime, Notice, Pager, useNotice } from "../../admin-ui";
import s from "../../admin.module.css";
import tb from "../../table.module.css";
import p from "../../pipeline.module.css";
import { DateRange, DateRangeError, FilterSelect, ListFilters, options } from "../../ListControls";

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));
/** A changed field's value: a role by its label, never its code. */
const shown = (field: string, v: unknown) => (field === "role" && isRole(v) ? roleLabel(v) : show(v));

/** Dashboard screen 'Audit trail' (root_admin): who changed what, filtered by who, what and dates, with CSV export. */
export default function AuditTrail() {
  return <Trail />;
}

function Trail() {
  const { notice, fail } = useNotice();
  const [who, setWho] = useState("");
  const [typed, setTyped] = useState("");
  const [action, setAction] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);

  const query: Record<string, string> = {};
  if (who) query.who = who;
  if (action) query.action = action;
  if (from) query.from = from;
  if (to) query.to = to;
  const rangeError = from && to && from > to ? "The From date must be on or before the To date." : "";

  const { rows: entries, info } = usePagedList(
    auditLogApi,
    "entries",
    rangeError ? null : { ...query, page },
    fail,
  );

  function search(e: FormEvent) {
    e.preventDefault();
    setWho(typed.trim());
    setPage(1);
  }

  /** A filter's new value; the list starts again at its first page. */
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <section className={s.screen} aria-labelledby="audit-title">
      <h1 id="audit-title">Audit trail</h1>
      <p className={s.hint}>
        Every change made by staff, and every sign-in, failed sign-in, lockout and password reset. Passwords
        and codes are never recorded.
      </p>
      <Notice notice={notice} />
      <ListFilters
        search={{
          id: "audit-who",
          name: "Search the audit trail",
          label: "Who (e-mail or part of it)",
          value: typed,
          maxLength: 254,
          onChange: setTyped,
          onSubmit: search,
        }}
        label="Filter the audit trail"
      >
        <FilterSelect id="audit-action" label="What" value={action} onChange={filter(setAction)}>
          <option value="">Everything</option>
          {options(AUDIT_AREAS, areaLabel)}
        </FilterSelect>
        <DateRange
          prefix="audit"
          from={from}
          to={to}
          onFrom={filter(setFrom)}
          onTo={filter(setTo)}
          rangeError={rangeError}
        />
        <a className="btn btn--ghost" href={link(auditLogExportApi, { query })} download>
          Export CSV
        </a>
      </ListFilters>
      <DateRangeError prefix="audit" text={rangeError} />
      <h2 id="audit-list-title" aria-live="polite">
        {info ? `${info.total} entr${info.total === 1 ? "y" : "ies"}` : "Entries"}
      </h2>
      {entries === null ? (
        <p>Loading the audit trail...</p>
      ) : entries.length === 0 ? (
        <p>No entries match these filters.</p>
      ) : (
        <div className={tb.tableWrap} role="region" aria-labelledby="audit-list-title" tabIndex={0}>
          <table className={`${tb.table} ${tb.stack} ${tb.dense} ${tb.stickyFirst}`}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Record</th>
                <th scope="col">Address</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When" className={tb.nowrap}>
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </td>
                  <td data-label="Who">{whoLabel(e.who, e.action)}</td>
                  <td data-label="What">{actionLabel(e.action)}</td>
                  <td data-label="Record">{e.entity ? `${e.entity} ${e.entityId ?? ""}` : "—"}</td>
                  <td data-label="Address">{show(e.address)}</td>
                  <td data-label="Changes">
                    {Object.keys(e.changes).length === 0 ? (
                      "—"
                    ) : (
                      <ul className={p.changes}>
                        {Object.entries(e.changes).map(([k, v]) => (
                          <li key={k}>
                            {k}: {shown(k, v.from)} → {shown(k, v.to)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager info={info} onPage={setPage} label="Audit trail pages" />
    </section>
  );
}
