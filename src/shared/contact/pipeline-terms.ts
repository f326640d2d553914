/**
 * The leads pipeline's words and limits: its stages, sorts and filters, and the longest search and
 * note. Without zod, so the leads screen takes them without the schemas (src/shared/contact/pipeline.ts).
 */
export const LEAD_STAGES = ["New", "Contacted", "Qualified", "Proposal sent", "Won", "Lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const LEAD_SORTS = ["newest", "oldest", "name", "company", "due"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEAD_SORT_LABELS: Record<LeadSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A to Z)",
  company: "Company (A to Z)",
  due: "Answer due (most urgent first)",
};

/** The list's response-time filter: a target missed, or due within the hour. */
export const LEAD_DUE = ["overdue", "soon"] as const;
export type LeadDue = (typeof LEAD_DUE)[number];
export const LEAD_DUE_LABELS: Record<LeadDue, string> = {
  overdue: "Overdue",
  soon: "Due within an hour",
};

export const MAX_SEARCH_LENGTH = 200;
export const MAX_NOTE_LENGTH = 5000;
