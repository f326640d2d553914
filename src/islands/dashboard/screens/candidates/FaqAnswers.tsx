import { usePagedList } from "../../use-paged-list";
import { useId, useState } from "react";
import type { FaqFilter } from "../../../../shared/careers/admin-schemas";
import { Pager, type useNotice } from "../../admin-ui";
import {
  adminCommentsApi,
  deleteFaqApi,
  updateFaqApi,
  type StaffFaq,
} from "../../../../shared/careers/admin-api";
import { api } from "../../api";
import { useConfirm } from "../../../ui/useConfirm";
import s from "../../admin.module.css";

type Faq = StaffFaq;

type Notices = ReturnType<typeof useNotice>;

/** 'FAQ Comments': visitors' questions with their answers; admins answer, edit and delete. */
export default function FaqAnswers({ writer, notices }: { writer: boolean; notices: Notices }) {
  const { show, fail } = notices;
  const { ask, dialog } = useConfirm();
  // The overview links here with ?filter=unanswered.
  const [filter, setFilter] = useState<FaqFilter>(() =>
    new URLSearchParams(window.location.search).get("filter") === "unanswered" ? "unanswered" : "all",
  );
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const uid = useId();

  const {
    rows: faqs,
    info,
    reload: load,
  } = usePagedList(adminCommentsApi, "comments", { filter, page }, fail);

  async function save(f: Faq) {
    if (draft.length > 5000) return show("error", "Answer must be at most 5000 characters.");
    setBusy(true);
    try {
      const res = await api(updateFaqApi, { body: { id: f.id, answer: draft } });
      show("success", res.message);
      setEditing(null);
      await load();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(f: Faq) {
    if (
      !(await ask({
        title: "Delete the question?",
        body: <p>“{f.question}” is deleted, with its answer. This cannot be undone.</p>,
        confirm: "Delete",
      }))
    )
      return;
    try {
      const res = await api(deleteFaqApi, { params: { id: f.id } });
      show("success", res.message);
      await load();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <div>
      <h2>FAQ Comments</h2>
      <div className={s.toolbar}>
        <div className="field">
          <label htmlFor={`${uid}-filter`}>Show</label>
          <select
            id={`${uid}-filter`}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as FaqFilter);
              setPage(1);
            }}
          >
            <option value="all">All</option>
            <option value="unanswered">Unanswered</option>
          </select>
        </div>
        {info && <p className={s.hint}>{info.total} questions</p>}
      </div>
      {faqs === null ? (
        <p>Loading questions...</p>
      ) : faqs.length === 0 ? (
        <p>{filter === "unanswered" ? "Every question has an answer." : "No questions yet."}</p>
      ) : (
        <ul className={s.list}>
          {faqs.map((f) => (
            <li key={f.id} className={s.item}>
              <h3 className={s.pre}>{f.question}</h3>
              {editing === f.id ? (
                <div>
                  <div className="field">
                    <label htmlFor={`${uid}-answer-${f.id}`}>Answer</label>
                    <textarea
                      id={`${uid}-answer-${f.id}`}
                      value={draft}
                      maxLength={5000}
                      rows={4}
                      aria-describedby={`${uid}-answer-hint-${f.id}`}
                      onChange={(e) => setDraft(e.target.value)}
                      autoFocus
                    />
                    <p className={s.hint} id={`${uid}-answer-hint-${f.id}`}>
                      Answered questions show on the careers page. Leave empty to hide it again.
                    </p>
                  </div>
                  <div className={s.actions}>
                    <button type="button" className="btn" disabled={busy} onClick={() => void save(f)}>
                      {busy ? "Saving..." : "Save answer"}
                    </button>
                    <button type="button" className="btn btn--ghost" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </div>
                </div>
              ) : (
                <>
                  <p className={f.answer ? s.pre : "muted"}>{f.answer ?? "No answer yet"}</p>
                  {writer && (
                    <div className={s.actions}>
                      <button
                        type="button"
                        className={s.smallButton}
                        aria-label={`Edit answer: ${f.question}`}
                        onClick={() => {
                          setEditing(f.id);
                          setDraft(f.answer ?? "");
                        }}
                      >
                        Edit answer
                      </button>
                      <button
                        type="button"
                        className={s.dangerButton}
                        aria-label={`Delete: ${f.question}`}
                        onClick={() => void remove(f)}
                      >
                        Delete
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager info={info} onPage={setPage} label="Question pages" />
      {dialog}
    </div>
  );
}
