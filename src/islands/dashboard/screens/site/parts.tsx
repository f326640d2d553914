/**
 * The pieces the case studies and the proof items share on the Site content screen: an item's
 * state badges, the form's State choices and buttons, and a row's Edit / Publish / Delete buttons.
 */
import type { ReactNode } from "react";
import type { ContentStatus } from "../../../../shared/site/site-content";
import s from "../../admin.module.css";
import c from "./site.module.css";

export function States({ status, example }: { status: ContentStatus; example: boolean }) {
  return (
    <span className={c.meta}>
      <span className={`${s.badge} ${status === "published" ? c.published : ""}`}>
        {status === "published" ? "Published" : "Draft"}
      </span>
      {example && <span className={`${s.badge} ${c.example}`}>Example</span>}
    </span>
  );
}

/** The form's "State" choices (published, example; `before` adds choices of its own) and its buttons. */
export function StateAndButtons(props: {
  status: ContentStatus;
  example: boolean;
  onStatus: (status: ContentStatus) => void;
  onExample: (example: boolean) => void;
  before?: ReactNode;
  busy: boolean;
  submit: string;
  onCancel: () => void;
}) {
  return (
    <>
      <fieldset className={c.choices}>
        <legend>State</legend>
        {props.before}
        <label className={s.choice}>
          <input
            type="checkbox"
            checked={props.status === "published"}
            onChange={(e) => props.onStatus(e.target.checked ? "published" : "draft")}
          />
          <span>Published</span>
        </label>
        <label className={s.choice}>
          <input
            type="checkbox"
            checked={props.example}
            onChange={(e) => props.onExample(e.target.checked)}
          />
          <span>Example (demo content)</span>
        </label>
      </fieldset>
      <div className={s.actions}>
        <button type="submit" className="btn" disabled={props.busy}>
          {props.submit}
        </button>
        <button type="button" className="btn btn--ghost" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

/**
 * A row's Edit, Publish or Unpublish, and Delete buttons; `name` completes each button's name for
 * screen readers ("Edit case study …"); `extra` goes before Delete.
 */
export function RowActions(props: {
  name: string;
  status: ContentStatus;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  extra?: ReactNode;
}) {
  const name = <span className="visually-hidden"> {props.name}</span>;
  return (
    <>
      <button type="button" className={s.smallButton} onClick={props.onEdit}>
        Edit{name}
      </button>
      <button type="button" className={s.smallButton} disabled={props.busy} onClick={props.onToggle}>
        {props.status === "published" ? "Unpublish" : "Publish"}
        {name}
      </button>
      {props.extra}
      <button type="button" className={s.smallButton} disabled={props.busy} onClick={props.onDelete}>
        Delete{name}
      </button>
    </>
  );
}
