import { formatDateTime } from "../../admin-ui";
import s from "../../admin.module.css";

interface Props {
  savedAt: string;
  title: string;
  onRestore(): void;
  onDiscard(): void;
}

/** Unsaved changes this browser kept from an earlier visit, offered back. */
export default function DraftOffer({ savedAt, title, onRestore, onDiscard }: Props) {
  return (
    <div className={s.restore} role="region" aria-label="Unsaved changes">
      <p>
        You have unsaved changes from {formatDateTime(savedAt)}
        {title ? ` (“${title}”)` : ""}.
      </p>
      <button type="button" className="btn" onClick={onRestore}>
        Restore them
      </button>
      <button type="button" className="btn btn--ghost" onClick={onDiscard}>
        Discard
      </button>
    </div>
  );
}
