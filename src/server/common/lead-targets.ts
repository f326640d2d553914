/**
 * The SQL of a lead's response-time targets (RESPONSE_TARGET_*), shared by the leads list and
 * reminders (contact/targets.ts) and the overview's figures: which leads wait for a first answer
 * or a proposal (the predicates of db/012's partial indexes), and which are due in a window.
 */
export interface Targets {
  firstMinutes: number;
  proposalMinutes: number;
}

export const minutes = (n: number) => {
  if (!Number.isInteger(n) || n < 0) throw new Error("a target must be a whole number of minutes");
  return `interval '1 minute' * ${n}`;
};

/** A lead with targets left: not Won or Lost, not merged into another, not anonymised (its person left). */
const OPEN = "i.stage NOT IN ('Won', 'Lost') AND i.merged_into IS NULL AND i.anonymised_at IS NULL";
/** Waiting for a first answer / for a proposal (the partial indexes' predicates). */
export const AWAITING_FIRST = `i.first_response_at IS NULL AND ${OPEN}`;
export const AWAITING_PROPOSAL = `i.first_response_at IS NOT NULL AND i.proposal_sent_at IS NULL AND ${OPEN}`;

/** The SQL of "the next pending target falls due at or after `from` (when given) and before `to`" (SQL times). */
export function dueBetween(t: Targets, from: string | undefined, to: string): string {
  const part = (awaiting: string, m: number) =>
    `(${awaiting}${from ? ` AND i.created_at >= ${from} - ${minutes(m)}` : ""} AND i.created_at < ${to} - ${minutes(m)})`;
  return `(${part(AWAITING_FIRST, t.firstMinutes)} OR ${part(AWAITING_PROPOSAL, t.proposalMinutes)})`;
}
