/** The form of one assignment rule: its name, the lead kinds, sizes and budgets it takes, its members. */
import { useState, type FormEvent } from "react";
import { BUDGETS, COMPANY_SIZES } from "../../../../shared/contact/rules";
import { MAX_RULE_NAME } from "../../../../shared/contact/assignment";
import { LEAD_KINDS } from "../../../../shared/trust/trust";
import type { LeadOwner } from "../../../../shared/contact/leads-api";
import { TextField } from "../../../ui/TextField";
import s from "../../admin.module.css";
import a from "./assignment.module.css";

export interface RuleDraft {
  name: string;
  companySizes: string[];
  budgets: string[];
  kinds: string[];
  members: number[];
  enabled: boolean;
}

const EMPTY: RuleDraft = { name: "", companySizes: [], budgets: [], kinds: [], members: [], enabled: true };

interface Props {
  title: string;
  owners: LeadOwner[];
  busy: boolean;
  initial?: RuleDraft;
  /** The rule's members as they are, also those who can no longer own leads (to remove them). */
  extraMembers?: { id: number; email: string | null }[];
  onSave: (d: RuleDraft) => void;
  onCancel: () => void;
}

export default function RuleForm({
  title,
  owners,
  busy,
  initial,
  extraMembers = [],
  onSave,
  onCancel,
}: Props) {
  const [d, setD] = useState<RuleDraft>(initial ?? EMPTY);
  const [errors, setErrors] = useState<{ name?: string; members?: string }>({});
  // A change clears the messages of the last try; Save checks again.
  const change = (next: RuleDraft) => {
    setD(next);
    setErrors({});
  };
  const toggle = <K extends "companySizes" | "budgets" | "kinds" | "members">(
    key: K,
    value: RuleDraft[K][number],
  ) => {
    setErrors({});
    setD((x) => {
      const list = x[key] as (typeof value)[];
      return { ...x, [key]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] };
    });
  };
  const people = [
    ...owners,
    ...extraMembers
      .filter((m) => !owners.some((o) => o.id === m.id))
      .map((m) => ({ id: m.id, email: `${m.email ?? `#${m.id}`} (can no longer own leads)` })),
  ];

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      ...(d.name.trim() ? {} : { name: "Name the rule." }),
      ...(d.members.length ? {} : { members: "Choose at least one member to share the leads." }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    onSave({ ...d, name: d.name.trim() });
  }

  const box = (group: string, value: string, label: string, checked: boolean, onChange: () => void) => (
    <label key={`${group}-${value}`} className={a.choice}>
      <input type="checkbox" name={group} value={value} checked={checked} onChange={onChange} />
      <span>{label}</span>
    </label>
  );

  return (
    <form className={s.panel} onSubmit={submit} noValidate aria-labelledby="rule-form-title">
      <h2 id="rule-form-title">{title}</h2>
      <TextField
        id="rule-name"
        label="Name"
        hint="For example: Enterprise buyers, or Everyone else."
        value={d.name}
        maxLength={MAX_RULE_NAME}
        error={errors.name}
        onChange={(v) => change({ ...d, name: v })}
        required
      />
      <fieldset className={a.choices}>
        <legend>Lead kinds it takes (none ticked: any kind)</legend>
        {LEAD_KINDS.map((v) => box("kinds", v, v, d.kinds.includes(v), () => toggle("kinds", v)))}
      </fieldset>
      <fieldset className={a.choices}>
        <legend>Company sizes it takes (none ticked: any size)</legend>
        {COMPANY_SIZES.map((v) =>
          box("companySizes", v, v, d.companySizes.includes(v), () => toggle("companySizes", v)),
        )}
      </fieldset>
      <fieldset className={a.choices}>
        <legend>Budgets it takes (none ticked: any budget)</legend>
        {BUDGETS.map((v) => box("budgets", v, v, d.budgets.includes(v), () => toggle("budgets", v)))}
      </fieldset>
      <fieldset className={a.choices} aria-describedby={errors.members ? "rule-members-error" : undefined}>
        <legend>Members who take its leads in turn</legend>
        {people.map((o) =>
          box("members", String(o.id), o.email, d.members.includes(o.id), () => toggle("members", o.id)),
        )}
      </fieldset>
      {errors.members && (
        <p id="rule-members-error" className="field-error" role="alert">
          {errors.members}
        </p>
      )}
      <label className={a.choice}>
        <input type="checkbox" checked={d.enabled} onChange={() => change({ ...d, enabled: !d.enabled })} />
        <span>Switched on</span>
      </label>
      <div className={s.actions}>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Saving..." : "Save rule"}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
