import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { postPath } from "../../../../shared/blog/blog";
import { HELD_REASON_LABELS, type ModerationAction } from "../../../../shared/blog/moderation";
import { type QueueItem } from "../../../../shared/blog/admin-api";
import { formatDateTime, type useNotice } from "../../admin-ui";
import { commentQueueApi, moderateCommentApi } from "../../../../shared/blog/admin-api";
import { api, ApiError } from "../../api";
import s from "../../admin.module.css";
import q from "./moderation.module.css";

interface Props {
  writer: boolean;
  notices: Pick<ReturnType<typeof useNotice>, "show" | "fail">;
  /** A decision changed what the posts table counts. */
  onChanged(): void;
}

const KEYS: Record<string, ModerationAction> = { a: "approve", s: "spam", d: "delete" };
const LABEL: Record<ModerationAction, string> = { approve: "Approve", spam: "Spam", delete: "Delete" };
const DONE: Record<ModerationAction, string> = {
  approve: "approved",
  spam: "marked as spam",
  delete: "deleted",
};
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * The moderation queue of the Blog screen: comments held for review and public ones that readers
 * reported, newest first. Admins and root admins approve, mark as spam or delete each with one
 * button, or one key on a focused comment (A, S, D), or a selection at once; readers see it.
 */
export default function ModerationQueue({ writer, notices, onChanged }: Props) {
  const { show, fail } = notices;
  const [items, setItems] = useState<QueueItem[] | null>(null);
  const [total, setTotal] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const load = useCallback(async () => {
    try {
      const data = await api(commentQueueApi);
      setItems(data.items);
      setTotal(data.total);
      setSelected((sel) => new Set([...sel].filter((id) => data.items.some((i) => i.id === id))));
    } catch (err) {
      fail(err);
    }
  }, [fail]);

  useEffect(() => {
    void load().then(() => {
      // The overview links here: bring the queue into view once it is drawn.
      if (window.location.hash === "#moderation")
        requestAnimationFrame(() => {
          heading.current?.scrollIntoView({ block: "start" });
          heading.current?.focus();
        });
    });
  }, [load]);

  /** One decision; false when it was refused. Already-reviewed comments just leave the list. */
  async function decide(id: number, action: ModerationAction): Promise<"ok" | "gone" | "failed"> {
    try {
      await api(moderateCommentApi, { body: { id, action } });
      return "ok";
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) return "gone";
      fail(err);
      return "failed";
    }
  }

  async function act(ids: number[], action: ModerationAction, focusAfter?: number) {
    if (busy || ids.length === 0) return;
    setBusy(true);
    const outcome = { ok: 0, gone: 0, failed: 0 };
    const leaving = new Set<number>();
    for (const id of ids) {
      const r = await decide(id, action);
      outcome[r === "ok" ? "ok" : r === "gone" ? "gone" : "failed"]++;
      if (r !== "failed") leaving.add(id);
    }
    setItems((list) => list?.filter((i) => !leaving.has(i.id)) ?? null);
    setTotal((t) => Math.max(0, t - leaving.size));
    setSelected((sel) => new Set([...sel].filter((id) => !leaving.has(id))));
    setBusy(false);
    if (outcome.ok) {
      const more = outcome.gone ? `; ${plural(outcome.gone, "comment")} had already been reviewed` : "";
      show("success", `${plural(outcome.ok, "comment")} ${DONE[action]}${more}.`);
      onChanged();
    } else if (outcome.gone && !outcome.failed) show("success", "Already reviewed by someone else.");
    if (focusAfter !== undefined)
      requestAnimationFrame(() => {
        const rows = listRef.current?.querySelectorAll<HTMLElement>("[data-queue-item]");
        const row = rows?.[Math.min(focusAfter, rows.length - 1)];
        (row ?? heading.current)?.focus();
      });
  }

  function onKey(e: KeyboardEvent<HTMLLIElement>, item: QueueItem, index: number) {
    if (!writer || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const action = KEYS[e.key.toLowerCase()];
    if (!action) return;
    e.preventDefault();
    void act([item.id], action, index);
  }

  function toggle(id: number, on: boolean) {
    setSelected((sel) => {
      const next = new Set(sel);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const all = items && items.length > 0 && items.every((i) => selected.has(i.id));
  return (
    <section id="moderation-section" className={s.panel} aria-labelledby="moderation" aria-busy={busy}>
      <h2 id="moderation" ref={heading} tabIndex={-1}>
        Comments to review{items ? ` (${total})` : ""}
      </h2>
      <p className={s.hint}>
        Held because they look like spam, or reported by readers. Held comments are on no public page until
        approved.
        {writer
          ? " Keys on a focused comment: A approves, S marks as spam (the sender's next comments wait too), D deletes."
          : " Admins decide on them."}
      </p>
      {items === null ? (
        <p>Loading the queue...</p>
      ) : items.length === 0 ? (
        <p>No comments are waiting for review.</p>
      ) : (
        <>
          {writer && (
            <div className={q.bulk} role="group" aria-label="Selected comments">
              <label className={q.check}>
                <input
                  type="checkbox"
                  checked={Boolean(all)}
                  onChange={(e) =>
                    setSelected(e.target.checked ? new Set(items.map((i) => i.id)) : new Set())
                  }
                />
                Select all
              </label>
              <span className={q.with} aria-hidden="true">
                Selected ({selected.size}):
              </span>
              <div className={q.bulkButtons}>
                {(["approve", "spam", "delete"] as const).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`${action === "delete" ? s.dangerButton : s.smallButton} ${q.action}`}
                    disabled={busy || selected.size === 0}
                    onClick={() => void act([...selected], action)}
                  >
                    {LABEL[action]}
                    <span className="visually-hidden"> the {plural(selected.size, "selected comment")}</span>
                  </button>
                ))}
              </div>
            </div>
          )}
          <ol className={`${s.list} ${q.queue}`} ref={listRef} aria-labelledby="moderation">
            {items.map((item, index) => {
              const by = `the comment by ${item.name}`;
              return (
                <li
                  key={item.id}
                  className={`${s.item} ${q.item}`}
                  data-queue-item
                  tabIndex={writer ? 0 : undefined}
                  onKeyDown={(e) => onKey(e, item, index)}
                >
                  <div className={q.head}>
                    {writer && (
                      <input
                        type="checkbox"
                        className={q.box}
                        aria-label={`Select ${by}`}
                        checked={selected.has(item.id)}
                        onChange={(e) => toggle(item.id, e.target.checked)}
                      />
                    )}
                    <p className={q.meta}>
                      <strong className={q.name}>{item.name}</strong>
                      {item.email ? (
                        <a className={q.wrap} href={`mailto:${item.email}`}>
                          {item.email}
                        </a>
                      ) : (
                        <span className={s.hint}>e-mail cleared</span>
                      )}
                      <span className={s.hint}>{item.address ?? "address not recorded"}</span>
                      <span className={s.hint}>{formatDateTime(item.date)}</span>
                    </p>
                  </div>
                  <p className={q.post}>
                    On <a href={postPath({ slug: item.postSlug })}>{item.postTitle}</a>
                  </p>
                  <ul className={q.reasons} aria-label="Why it is here">
                    {item.status === "published" ? (
                      <li className={s.badge}>Reported by {plural(item.reports, "reader")}, still public</li>
                    ) : (
                      item.reasons.map((r) => (
                        <li key={r} className={`${s.badge} ${q.reason}`}>
                          {HELD_REASON_LABELS[r] ?? r}
                        </li>
                      ))
                    )}
                  </ul>
                  <p className={`${s.pre} ${q.text}`}>{item.comment}</p>
                  {writer && (
                    <div className={`${s.actions} ${q.actions}`}>
                      {(["approve", "spam", "delete"] as const).map((action) => (
                        <button
                          key={action}
                          type="button"
                          className={`${action === "delete" ? s.dangerButton : s.smallButton} ${q.action}`}
                          disabled={busy}
                          aria-keyshortcuts={action[0]!.toUpperCase()}
                          onClick={() => void act([item.id], action, index)}
                        >
                          {LABEL[action]}
                          <span className="visually-hidden">
                            {action === "spam" ? `: mark ${by} as spam` : ` ${by}`}
                          </span>
                        </button>
                      ))}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {total > items.length && (
            <p className={s.hint}>
              Showing the newest {items.length} of {total}. Decide on these to see the rest.
            </p>
          )}
        </>
      )}
    </section>
  );
}
