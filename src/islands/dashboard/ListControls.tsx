/** Parts of the dashboard's searchable lists (leads, audit trail): the search row and a date range. */
import type { FormEvent, ReactNode } from "react";
import type { LeadOwner } from "../../shared/contact/leads-api";
import { TextField } from "../ui/TextField";
import a from "./admin.module.css";
import p from "./pipeline.module.css";

/** The <option>s of a select: each value shown as itself, or as `label` names it. */
export function options<V extends string>(values: readonly V[], label: (v: V) => string = (v) => v) {
  return values.map((v) => (
    <option key={v} value={v}>
      {label(v)}
    </option>
  ));
}

/** The staff who can own a lead, as <option>s (value: their id). */
export function ownerOptions(owners: readonly LeadOwner[]) {
  return owners.map((o) => (
    <option key={o.id} value={String(o.id)}>
      {o.email}
    </option>
  ));
}

/** A labelled select that filters or sorts a list; `children` are its <option>s. */
export function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.children}
      </select>
    </div>
  );
}

/** A search form of one field and its button. */
export function SearchRow(props: {
  id: string;
  /** What the form searches, for assistive technology ("Search leads"). */
  name: string;
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <form role="search" aria-label={props.name} className={p.searchRow} onSubmit={props.onSubmit}>
      <TextField
        id={props.id}
        type="search"
        label={props.label}
        value={props.value}
        maxLength={props.maxLength}
        onChange={props.onChange}
      />
      <button type="submit" className="btn">
        Search
      </button>
    </form>
  );
}

/** A searchable list's controls: its search form, then its filters (`children`) as one group. */
export function ListFilters(props: {
  search: Parameters<typeof SearchRow>[0];
  /** The filters' group name ("Filter and sort leads"). */
  label: string;
  children: ReactNode;
}) {
  return (
    <>
      <SearchRow {...props.search} />
      <div className={a.toolbar} role="group" aria-label={props.label}>
        {props.children}
      </div>
    </>
  );
}

/**
 * "From" and "To" day fields (whole days), each bounding the other; `${prefix}-range-error` is the
 * id of the message a reversed range shows (DateRangeError).
 */
export function DateRange(props: {
  prefix: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  rangeError: string;
}) {
  const { prefix, from, to, rangeError } = props;
  return (
    <>
      <TextField
        id={`${prefix}-from`}
        type="date"
        label="From"
        value={from}
        max={to || undefined}
        onChange={props.onFrom}
      />
      <TextField
        id={`${prefix}-to`}
        type="date"
        label="To"
        value={to}
        min={from || undefined}
        onChange={props.onTo}
        aria-invalid={rangeError ? true : undefined}
        aria-describedby={rangeError ? `${prefix}-range-error` : undefined}
      />
    </>
  );
}

export function DateRangeError({ prefix, text }: { prefix: string; text: string }) {
  return text ? (
    <p className="field-error" id={`${prefix}-range-error`} role="alert">
      {text}
    </p>
  ) : null;
}
