/**
 * The privacy notice at /privacy: its version and effective date (stored with every consent), and
 * the figures it shows, computed from the same retention lifetimes that the housekeeping job
 * enforces (src/shared/privacy/retention.ts). Browser-safe: the forms use the consent sentences.
 */
import { formatDays, RETENTION_KINDS, type RetentionDays, type RetentionKey } from "./retention";

/** Change the version whenever what the notice says changes; consents record the version they saw. */
export const PRIVACY_NOTICE = { version: "1.1", effective: "2026-11-25" } as const;

export const PRIVACY_PATH = "/privacy";
/** The self-service page: export, withdraw or erase what is held under an e-mail address. */
export const MY_DATA_PATH = "/privacy/my-data";

/** "12 months" for a lifetime of a year or so, else "45 days": how forms and the notice say it in words. */
export function formatLifetime(days: number): string {
  const months = days / (365 / 12);
  if (days >= 60 && Math.abs(months - Math.round(months)) <= 0.1) {
    const n = Math.round(months);
    return n === 1 ? "1 month" : `${n} months`;
  }
  return formatDays(days);
}

export interface RetentionRow {
  key: RetentionKey;
  data: string;
  /** "365 days (12 months)" or "30 days". */
  lifetime: string;
  days: number;
  countsFrom: string;
  then: string;
  variable: string;
}

/** The notice's retention table: one row per kind, in the table's order, with the given lifetimes. */
export function retentionRows(days: RetentionDays): RetentionRow[] {
  return RETENTION_KINDS.map((k) => {
    const d = days[k.key];
    const words = formatLifetime(d);
    return {
      key: k.key,
      data: k.data,
      days: d,
      lifetime: words === formatDays(d) ? words : `${formatDays(d)} (${words})`,
      countsFrom: k.countsFrom,
      then: k.then,
      variable: k.variable,
    };
  });
}

/** The consent fields' values: a ticked box sends "yes". */
export const CONSENT_VALUES = ["yes", "no"] as const;

/** The contact form's optional box: news mail (the inquiry itself needs no consent). */
export const MARKETING_CONSENT =
  "Send me occasional news and articles by e-mail. I can unsubscribe at any time.";

/** The sentences of the application's consent boxes, with the lifetimes of this build. */
export function consentTexts(days: Pick<RetentionDays, "applications" | "talentPool">) {
  return {
    privacy: `I have read the privacy notice and agree that my application is kept for ${formatLifetime(days.applications)}.`,
    talentPool: `Keep my application in the talent pool for other openings, for ${formatLifetime(days.talentPool)}.`,
  };
}
export type ConsentTexts = ReturnType<typeof consentTexts>;
