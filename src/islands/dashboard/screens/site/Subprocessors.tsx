/**
 * The Site content screen's subprocessors (site:read to see, site:change to edit): those /trust
 * lists, each change dated in the feed at /trust/subprocessors.xml that clients follow.
 */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { may } from "../../../../shared/staff/permissions";
import type { StaffSession } from "../../../../shared/staff/staff";
import {
  addSubprocessorApi,
  deleteSubprocessorApi,
  subprocessorsApi,
  updateSubprocessorApi,
  type Subprocessor,
} from "../../../../shared/trust/api";
import {
  SUBPROCESSOR_LABELS,
  SUBPROCESSORS_FEED_PATH,
  type SubprocessorInput,
} from "../../../../shared/trust/trust";
import { formatDay, Notice, useNotice } from "../../admin-ui";
import { api } from "../../api";
import { TextField } from "../../../ui/TextField";
import s from "../../admin.module.css";

const EMPTY: SubprocessorInput = { name: "", purpose: "", location: "", transfer: "" };
const FIELDS = ["name", "purpose", "location", "transfer"] as const;

export default function Subprocessors({ session }: { session: StaffSession }) {
  const writer = may(session.role, "site:change");
  const { notice, show, fail } = useNotice();
  const [list, setList] = useState<Subprocessor[] | null>(null);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setList((await api(subprocessorsApi)).subprocessors);
    } catch (err) {
      fail(err);
    }
  }, [fail]);

  useEffect(() => {
    void load();
  }, [load]);

  async function run(task: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      show("success", (await task()).message);
      setEditing(null);
      await load();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const save = (d: SubprocessorInput, id?: number) =>
    run(() =>
      id === undefined
        ? api(addSubprocessorApi, { body: d })
        : api(updateSubprocessorApi, { params: { id }, body: d }),
    );

  return (
    <section aria-labelledby="subprocessors-title">
      <h2 id="subprocessors-title">Subprocessors</h2>
      <Notice notice={notice} />
      <p>
        The subprocessors that touch clients&apos; systems or data, as <a href="/trust">/trust</a> lists them.
        Each change is dated in the <a href={SUBPROCESSORS_FEED_PATH}>feed of changes</a> that clients follow.
      </p>
      {writer &&
        (editing === "new" ? (
          <SubprocessorForm
            title="New subprocessor"
            busy={busy}
            onSave={(d) => void save(d)}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <div className={s.actions}>
            <button type="button" className="btn" onClick={() => setEditing("new")}>
              Add a subprocessor
            </button>
          </div>
        ))}
      {list === null ? (
        <p>Loading the subprocessors...</p>
      ) : list.length === 0 ? (
        <p>None listed yet.</p>
      ) : (
        <ul className={s.list} aria-labelledby="subprocessors-title">
          {list.map((p) =>
            editing === p.id ? (
              <li key={p.id} className={s.item}>
                <SubprocessorForm
                  title={`Edit ${p.name}`}
                  initial={p}
                  busy={busy}
                  onSave={(d) => void save(d, p.id)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={p.id} className={s.item}>
                <h3>{p.name}</h3>
                <dl className={s.defs}>
                  <dt>{SUBPROCESSOR_LABELS.purpose}</dt>
                  <dd>{p.purpose}</dd>
                  <dt>{SUBPROCESSOR_LABELS.location}</dt>
                  <dd>{p.location}</dd>
                  <dt>{SUBPROCESSOR_LABELS.transfer}</dt>
                  <dd>{p.transfer}</dd>
                  <dt>Changed</dt>
                  <dd>{formatDay(p.updatedAt)}</dd>
                </dl>
                {writer && (
                  <div className={s.actions}>
                    <button type="button" className={s.smallButton} onClick={() => setEditing(p.id)}>
                      Edit<span className="visually-hidden"> {p.name}</span>
                    </button>
                    <button
                      type="button"
                      className={s.smallButton}
                      disabled={busy}
                      onClick={() => void run(() => api(deleteSubprocessorApi, { params: { id: p.id } }))}
                    >
                      Remove<span className="visually-hidden"> {p.name}</span>
                    </button>
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function SubprocessorForm({
  title,
  initial = EMPTY,
  busy,
  onSave,
  onCancel,
}: {
  title: string;
  initial?: SubprocessorInput;
  busy: boolean;
  onSave: (d: SubprocessorInput) => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState<SubprocessorInput>({
    name: initial.name,
    purpose: initial.purpose,
    location: initial.location,
    transfer: initial.transfer,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof SubprocessorInput, string>>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = Object.fromEntries(
      FIELDS.filter((f) => !d[f].trim()).map((f) => [f, `${SUBPROCESSOR_LABELS[f]} is required.`]),
    );
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(d);
  }

  return (
    <form className={s.panel} onSubmit={submit} noValidate aria-label={title}>
      <h3>{title}</h3>
      {FIELDS.map((f) => (
        <TextField
          key={f}
          id={`subprocessor-${f}`}
          label={SUBPROCESSOR_LABELS[f]}
          value={d[f]}
          error={errors[f]}
          maxLength={f === "purpose" ? 300 : f === "transfer" ? 200 : 120}
          onChange={(v) => setD({ ...d, [f]: v })}
          required
        />
      ))}
      <div className={s.actions}>
        <button type="submit" className="btn" disabled={busy}>
          Save
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
