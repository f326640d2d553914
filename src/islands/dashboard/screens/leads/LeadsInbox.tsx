import { usePagedList } from "../../use-paged-list";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  inquiriesApi,
  inquiriesExportApi,
  leadOwnersApi,
  type LeadOwner,
} from "../../../../shared/contact/leads-api";
import {
  LEAD_DUE,
  LEAD_DUE_LABELS,
  LEAD_SORT_LABELS,
  LEAD_SORTS,
  LEAD_STAGES,
  type LeadSort,
} from "../../../../shared/contact/pipeline-terms";
import { link } from "../../../lib/api-client";
import { may } from "../../../../shared/staff/permissions";
import type { StaffSession } from "../../../../shared/staff/staff";
import { Notice, Pager, useNotice, type PageInfo } from "../../admin-ui";
import { api } from "../../api";
import s from "../../admin.module.css";
import LeadCard from "./LeadCard";
import {
  DateRange,
  DateRangeError,
  FilterSelect,
  ListFilters,
  options,
  ownerOptions,
} from "../../ListControls";

interface Filters {
  q: string;
  stage: string;
  owner: string;
  from: string;
  to: string;
  sort: LeadSort;
  /** One lead by its id (a link from another lead's card). */
  lead: string;
  /** The response-time filter: overdue, or due within the hour. */
  due: string;
}

/** "1 lead", "60 leads", "More than 10,025 leads" (the list stops counting far past the page). */
function leadCount({ total, totalExact }: PageInfo): string {
  if (totalExact === false) return `More than ${total.toLocaleString("en-US")} leads`;
  return `${total.toLocaleString("en-US")} lead${total === 1 ? "" : "s"}`;
}

const EMPTY: Filters = { q: "", stage: "", owner: "", from: "", to: "", sort: "newest", lead: "", due: "" };

/** The filters in the address (the overview's figures link here with them). */
function filtersFromUrl(): Filters {
  const p = new URLSearchParams(window.location.search);
  const sort = p.get("sort") ?? "";
  const stage = p.get("stage") ?? "";
  return {
    q: p.get("q") ?? "",
    stage: (LEAD_STAGES as readonly string[]).includes(stage) ? stage : "",
    owner: p.get("owner") ?? "",
    from: p.get("from") ?? "",
    to: p.get("to") ?? "",
    sort: (LEAD_SORTS as readonly string[]).includes(sort) ? (sort as LeadSort) : "newest",
    lead: /^\d{1,9}$/.test(p.get("lead") ?? "") ? p.get("lead")! : "",
    due: (LEAD_DUE as readonly string[]).includes(p.get("due") ?? "") ? p.get("due")! : "",
  };
}

/** The filters that are set, as the list's query (and the address's). */
function queryOf(f: Filters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.q) q.q = f.q;
  if (f.stage) q.stage = f.stage;
  if (f.owner) q.owner = f.owner;
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.sort !== "newest") q.sort = f.sort;
  if (f.lead) q.lead = f.lead;
  if (f.due) q.due = f.due;
  return q;
}

/** Dashboard screen 'Leads': the pipeline with search, filters, sorting, stages, owners, notes and CSV export. */
export default function LeadsInbox({ session }: { session: StaffSession }) {
  const writer = may(session.role, "leads:change");
  const notices = useNotice();
  const { notice, fail } = notices;
  const [filters, setFilters] = useState<Filters>(filtersFromUrl);
  const [search, setSearch] = useState(filters.q);
  const [page, setPage] = useState(1);
  const [owners, setOwners] = useState<LeadOwner[]>([]);
  const jumped = useRef(false);

  const wanted = queryOf(filters);
  const query = new URLSearchParams(wanted).toString();
  const rangeError =
    filters.from && filters.to && filters.from > filters.to
      ? "The From date must be on or before the To date."
      : "";

  const {
    rows: leads,
    setRows: setLeads,
    info,
    reload: load,
  } = usePagedList(
    inquiriesApi,
    "inquiries",
    // The first page of the unfiltered list is /api/inquiries as such: the page asked for it while
    // this code loaded (meta.ts's firstCall), and the browser hands that answer over.
    rangeError ? null : { ...wanted, page: page > 1 ? page : undefined },
    fail,
  );

  useEffect(() => {
    api(leadOwnersApi)
      .then((r) => setOwners(r.owners))
      .catch(fail);
  }, [fail]);

  // The address keeps the filters, so a filtered list can be bookmarked, shared and reloaded.
  useEffect(() => {
    const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
    window.history.replaceState(null, "", url);
  }, [query]);

  // The sales mail links to /dashboard/leads#lead-<id>: bring that lead into view once listed.
  useEffect(() => {
    if (jumped.current || !leads) return;
    const target = /^#lead-\d+$/.test(window.location.hash)
      ? document.getElementById(window.location.hash.slice(1))
      : null;
    if (target) {
      jumped.current = true;
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    }
  }, [leads]);

  function set<K extends keyof Filters>(key: K, value: Filters[K]) {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  }

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    set("q", search.trim());
  }

  function clear() {
    setSearch("");
    setFilters(EMPTY);
    setPage(1);
  }

  const filtered = query !== "";

  return (
    <section className={s.screen} aria-labelledby="leads-title">
      <h1 id="leads-title">Leads</h1>
      <Notice notice={notice} />
      <ListFilters
        search={{
          id: "leads-q",
          name: "Search leads",
          label: "Search name, company, e-mail or text",
          value: search,
          maxLength: 200,
          onChange: setSearch,
          onSubmit: submitSearch,
        }}
        label="Filter and sort leads"
      >
        <FilterSelect id="leads-stage" label="Stage" value={filters.stage} onChange={(v) => set("stage", v)}>
          <option value="">All stages</option>
          {options(LEAD_STAGES)}
        </FilterSelect>
        <FilterSelect id="leads-owner" label="Owner" value={filters.owner} onChange={(v) => set("owner", v)}>
          <option value="">Anyone</option>
          <option value="none">Nobody yet</option>
          {ownerOptions(owners)}
        </FilterSelect>
        <FilterSelect id="leads-due" label="Answer due" value={filters.due} onChange={(v) => set("due", v)}>
          <option value="">Any time</option>
          {options(LEAD_DUE, (k) => LEAD_DUE_LABELS[k])}
        </FilterSelect>
        <DateRange
          prefix="leads"
          from={filters.from}
          to={filters.to}
          onFrom={(v) => set("from", v)}
          onTo={(v) => set("to", v)}
          rangeError={rangeError}
        />
        <FilterSelect
          id="leads-sort"
          label="Sort"
          value={filters.sort}
          onChange={(v) => set("sort", v as LeadSort)}
        >
          {options(LEAD_SORTS, (k) => LEAD_SORT_LABELS[k])}
        </FilterSelect>
        {filtered && (
          <button type="button" className="btn btn--ghost" onClick={clear}>
            Clear filters
          </button>
        )}
        <a className="btn btn--ghost" href={link(inquiriesExportApi, { query: wanted })} download>
          Export CSV
        </a>
      </ListFilters>
      <DateRangeError prefix="leads" text={rangeError} />
      {filters.lead && (
        <p className={s.hint}>
          Showing lead #{filters.lead} only.{" "}
          <button type="button" className={s.smallButton} onClick={() => set("lead", "")}>
            Show all leads
          </button>
        </p>
      )}
      <h2 id="leads-list-title" aria-live="polite">
        {info ? leadCount(info) : "Leads"}
      </h2>
      {leads === null ? (
        <p>Loading leads...</p>
      ) : leads.length === 0 ? (
        <p>No leads match these filters.</p>
      ) : (
        <ul className={s.list} aria-labelledby="leads-list-title">
          {leads.map((l) => (
            <LeadCard
              key={l.id}
              lead={l}
              writer={writer}
              owners={owners}
              notices={notices}
              onChanged={(next) =>
                setLeads((list) => list?.map((x) => (x.id === next.id ? next : x)) ?? null)
              }
              reload={load}
            />
          ))}
        </ul>
      )}
      <Pager info={info} onPage={setPage} label="Lead pages" />
    </section>
  );
}
