/**
 * Dashboard screen 'Lead owners' (admin, root_admin): the rules that give a new lead its owner as
 * it arrives, in the order they are tried, each round-robin over its members; add, edit, move,
 * switch off and delete them.
 */
import { useCallback, useEffect, useState } from "react";
import {
  addAssignmentRuleApi,
  assignmentRulesApi,
  deleteAssignmentRuleApi,
  updateAssignmentRuleApi,
  type AssignmentRule,
} from "../../../../shared/contact/assignment-api";
import { leadOwnersApi, type LeadOwner } from "../../../../shared/contact/leads-api";
import { Notice, useNotice } from "../../admin-ui";
import { api } from "../../api";
import s from "../../admin.module.css";
import a from "./assignment.module.css";
import RuleForm, { type RuleDraft } from "./RuleForm";

export default function AssignmentRules() {
  return <Rules />;
}

const any = (list: readonly string[]) => (list.length ? list.join(", ") : "Any");

function draftOf(r: AssignmentRule): RuleDraft {
  return {
    name: r.name,
    companySizes: r.companySizes,
    budgets: r.budgets,
    kinds: r.kinds,
    members: r.members.map((m) => m.id),
    enabled: r.enabled,
  };
}

function Rules() {
  const { notice, show, fail } = useNotice();
  const [rules, setRules] = useState<AssignmentRule[] | null>(null);
  const [owners, setOwners] = useState<LeadOwner[]>([]);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setRules((await api(assignmentRulesApi)).rules);
    } catch (err) {
      fail(err);
    }
  }, [fail]);

  useEffect(() => {
    void load();
    api(leadOwnersApi)
      .then((r) => setOwners(r.owners))
      .catch(fail);
  }, [load, fail]);

  async function run(task: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      show("success", (await task()).message);
      setEditing(null);
      setConfirming(null);
      await load();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const body = (d: RuleDraft) => ({ ...d, members: d.members.map(String) });
  const save = (d: RuleDraft, rule?: AssignmentRule, position?: number) =>
    run(() =>
      rule
        ? api(updateAssignmentRuleApi, {
            params: { id: rule.id },
            body: { ...body(d), ...(position ? { position } : {}) },
          })
        : api(addAssignmentRuleApi, { body: body(d) }),
    );

  return (
    <section className={s.screen} aria-labelledby="owners-title">
      <h1 id="owners-title">Lead owners</h1>
      <Notice notice={notice} />
      <p>
        A new lead goes to the first switched-on rule that matches its kind, company size and budget, and to
        that rule&apos;s members in turn. A lead that no rule matches stays unassigned until someone assigns
        it in Leads. The owner gets an e-mail with a link to the lead.
      </p>
      {editing === "new" ? (
        <RuleForm
          title="New rule"
          owners={owners}
          busy={busy}
          onSave={(d) => void save(d)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div className={s.actions}>
          <button type="button" className="btn" onClick={() => setEditing("new")}>
            Add a rule
          </button>
        </div>
      )}
      <h2 id="rules-title" className={a.listTitle}>
        Rules, in the order they are tried
      </h2>
      {rules === null ? (
        <p>Loading the rules...</p>
      ) : rules.length === 0 ? (
        <p>No rules yet: every new lead stays unassigned.</p>
      ) : (
        <ol className={a.rules} aria-labelledby="rules-title">
          {rules.map((r, i) =>
            editing === r.id ? (
              <li key={r.id}>
                <RuleForm
                  title={`Edit rule ${r.position}: ${r.name}`}
                  owners={owners}
                  busy={busy}
                  initial={draftOf(r)}
                  extraMembers={r.members}
                  onSave={(d) => void save(d, r)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={r.id} className={a.rule}>
                <h3>
                  {r.position}. {r.name} {!r.enabled && <span className={a.off}>(switched off)</span>}
                </h3>
                <dl>
                  <dt>Company sizes</dt>
                  <dd>{any(r.companySizes)}</dd>
                  <dt>Budgets</dt>
                  <dd>{any(r.budgets)}</dd>
                  <dt>Lead kinds</dt>
                  <dd>{any(r.kinds)}</dd>
                  <dt>Members, in turn</dt>
                  <dd>
                    {r.members
                      .map((m) => m.email ?? `#${m.id} (can no longer own leads: skipped)`)
                      .join(", ")}
                  </dd>
                  <dt>Leads given</dt>
                  <dd>{r.assigned}</dd>
                </dl>
                <div className={s.actions}>
                  <button type="button" className={s.smallButton} onClick={() => setEditing(r.id)}>
                    Edit<span className="visually-hidden"> rule {r.name}</span>
                  </button>
                  <button
                    type="button"
                    className={s.smallButton}
                    disabled={busy}
                    onClick={() => void save({ ...draftOf(r), enabled: !r.enabled }, r)}
                  >
                    {r.enabled ? "Switch off" : "Switch on"}
                    <span className="visually-hidden"> rule {r.name}</span>
                  </button>
                  {i > 0 && (
                    <button
                      type="button"
                      className={s.smallButton}
                      disabled={busy}
                      onClick={() => void save(draftOf(r), r, r.position - 1)}
                    >
                      Move up<span className="visually-hidden"> rule {r.name}</span>
                    </button>
                  )}
                  {i < rules.length - 1 && (
                    <button
                      type="button"
                      className={s.smallButton}
                      disabled={busy}
                      onClick={() => void save(draftOf(r), r, r.position + 1)}
                    >
                      Move down<span className="visually-hidden"> rule {r.name}</span>
                    </button>
                  )}
                  {confirming === r.id ? (
                    <>
                      <button
                        type="button"
                        className={s.smallButton}
                        disabled={busy}
                        onClick={() => void run(() => api(deleteAssignmentRuleApi, { params: { id: r.id } }))}
                      >
                        Delete rule {r.name} for good
                      </button>
                      <button type="button" className={s.smallButton} onClick={() => setConfirming(null)}>
                        Keep it
                      </button>
                    </>
                  ) : (
                    <button type="button" className={s.smallButton} onClick={() => setConfirming(r.id)}>
                      Delete<span className="visually-hidden"> rule {r.name}</span>
                    </button>
                  )}
                </div>
              </li>
            ),
          )}
        </ol>
      )}
    </section>
  );
}
