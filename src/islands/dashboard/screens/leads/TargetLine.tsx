/**
 * A lead's response-time target in words: the next one due ("First answer due in 35 min",
 * "Proposal overdue by 3 h"), or how fast the last was met. Said in text, not colour alone.
 */
import type { Lead } from "../../../../shared/contact/leads-api";
import { span } from "../../admin-ui";
import p from "../../pipeline.module.css";

/** The next target of a lead and how it stands at `now`. */
export function targetText(l: Lead, now: number): { text: string; overdue: boolean } | null {
  const { open, firstResponse: first, proposal } = l.targets;
  const received = new Date(l.createdAt).getTime();
  const pending = !first.metAt
    ? { name: "First answer", t: first }
    : !proposal.metAt
      ? { name: "Proposal", t: proposal }
      : null;
  if (open && pending) {
    const left = new Date(pending.t.due).getTime() - now;
    return left >= 0
      ? { text: `${pending.name} due in ${span(left)}`, overdue: false }
      : { text: `${pending.name} overdue by ${span(left)}`, overdue: true };
  }
  const met = proposal.metAt
    ? { name: "Proposal", at: proposal.metAt, due: proposal.due }
    : first.metAt
      ? { name: "First answer", at: first.metAt, due: first.due }
      : null;
  if (!met) return null;
  const late = new Date(met.at).getTime() > new Date(met.due).getTime();
  return {
    text: `${met.name} given in ${span(new Date(met.at).getTime() - received)}${late ? " (after its target)" : ""}`,
    overdue: false,
  };
}

export default function TargetLine({ lead }: { lead: Lead }) {
  const t = targetText(lead, Date.now());
  if (!t) return null;
  return <p className={t.overdue ? p.overdue : p.due}>{t.text}</p>;
}
