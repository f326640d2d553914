/**
 * Building blocks of the dashboard's work screens: the live region for success and error
 * messages, an accessible row menu (menu button pattern), a pager and date formats. The fetch
 * helper is in api.ts.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { errorText } from "./api";
import s from "./admin-ui.module.css";

export type NoticeState = { kind: "success" | "error"; text: string; n: number } | null;

/** One message at a time; a repeated message is announced again. */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState>(null);
  const show = useCallback(
    (kind: "success" | "error", text: string) => setNotice((p) => ({ kind, text, n: (p?.n ?? 0) + 1 })),
    [],
  );
  const fail = useCallback((err: unknown) => show("error", errorText(err)), [show]);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, fail, clear };
}

/** The screen's live regions: successes are polite status messages, failures are alerts. */
export function Notice({ notice }: { notice: NoticeState }) {
  return (
    <div className={s.notice}>
      <div role="status" aria-live="polite">
        {notice?.kind === "success" && (
          <p key={notice.n} className="alert alert--success">
            {notice.text}
          </p>
        )}
      </div>
      <div role="alert">
        {notice?.kind === "error" && (
          <p key={notice.n} className="alert alert--error">
            {notice.text}
          </p>
        )}
      </div>
    </div>
  );
}

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** A menu button (WAI-ARIA APG): Enter, Space or Down opens; arrows, Home and End move; Escape closes. */
export function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  useEffect(() => {
    if (open) refs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  function openAt(i: number) {
    setFocusIndex(i);
    setOpen(true);
  }

  function onItemKey(e: KeyboardEvent, i: number) {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: i === last ? 0 : i + 1,
      ArrowUp: i === 0 ? last : i - 1,
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      setFocusIndex(moves[e.key]!);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === "Tab") setOpen(false);
  }

  return (
    <div className={s.menuWrap} ref={wrap}>
      <button
        ref={button}
        type="button"
        className={s.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            openAt(0);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            openAt(items.length - 1);
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">{label}</span>
      </button>
      {open && (
        <ul role="menu" id={id} aria-label={label} className={s.menu}>
          {items.map((it, i) => (
            <li role="none" key={it.label}>
              <button
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={it.danger ? s.menuDanger : undefined}
                onKeyDown={(e) => onItemKey(e, i)}
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  it.onSelect();
                }}
              >
                {it.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface PageInfo {
  page: number;
  pageSize: number;
  total: number;
  /** False when the list stopped counting: there are more than `total`. */
  totalExact?: boolean;
  hasMore: boolean;
}

export function Pager({
  info,
  onPage,
  label,
}: {
  /** Without `total` (a list that does not count its rows), only Previous and Next. */
  info: (Omit<PageInfo, "total"> & { total?: number }) | null;
  onPage: (p: number) => void;
  label: string;
}) {
  if (!info || (info.total === undefined ? info.page <= 1 && !info.hasMore : info.total <= info.pageSize))
    return null;
  const pages = info.total === undefined ? undefined : Math.max(1, Math.ceil(info.total / info.pageSize));
  return (
    <nav className={s.pager} aria-label={label}>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={info.page <= 1}
        onClick={() => onPage(info.page - 1)}
      >
        Previous
      </button>
      <span>
        Page {info.page}
        {pages === undefined ? "" : ` of ${info.totalExact === false ? `more than ${pages}` : pages}`}
      </span>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={!info.hasMore}
        onClick={() => onPage(info.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** "Mar 4, 2025, 3:07 PM" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** A calendar day kept as YYYY-MM-DD (a deadline), read as "Mar 31, 2026" in every time zone. */
export function formatIsoDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

/** Shown where anonymisation or an erasure cleared a contact detail (src/server/privacy/). */
export const CLEARED = <span className="muted">cleared</span>;

/** An e-mail address as a mailto: link, or "cleared" once the privacy rules removed it. */
export function MailLink({ email, className }: { email: string | null | undefined; className?: string }) {
  // A long address may break before its @ (a table column stays narrow), never inside a word.
  const at = email?.lastIndexOf("@") ?? -1;
  return email ? (
    <a className={className} href={`mailto:${email}`}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </a>
  ) : (
    CLEARED
  );
}

/** "35 min", "3 h 10 min", "2 days 4 h". */
export function span(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}
