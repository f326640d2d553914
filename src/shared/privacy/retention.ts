/**
 * How long each kind of personal data is kept: the one source for the privacy notice at /privacy
 * (rendered at build time) and for the daily housekeeping function (which enforces it). Each
 * lifetime is a number of days, changed by one environment variable; the server validates it in
 * src/server/platform/env.ts and the build in src/config/public-env.ts, both with
 * `retentionField` below, so the notice and the job can never read a setting differently.
 */
import * as z from "zod";
import "../common/zod-config";

export interface RetentionKind {
  /** The key of `RetentionDays`. */
  key: string;
  /** The environment variable that changes the lifetime. */
  variable: string;
  defaultDays: number;
  /** What is kept, in the notice's words. */
  data: string;
  /** The event the lifetime counts from, in the notice's words ("after ..."). */
  countsFrom: string;
  /** What happens when the lifetime ends, in the notice's words. */
  then: string;
}

export const RETENTION_KINDS = [
  {
    key: "applications",
    variable: "RETENTION_APPLICATION_DAYS",
    defaultDays: 365,
    data: "Job applications and their resumes",
    countsFrom: "the application's last status change",
    then: "The application is anonymised and its resume deleted.",
  },
  {
    key: "talentPool",
    variable: "RETENTION_TALENT_POOL_DAYS",
    defaultDays: 730,
    data: "Job applications kept in the talent pool (with the candidate's consent)",
    countsFrom: "the application's last status change",
    then: "The candidate is asked by e-mail 30 days before; without an extension the application is anonymised and its resume deleted.",
  },
  {
    key: "leads",
    variable: "RETENTION_LEAD_DAYS",
    defaultDays: 1095,
    data: "Contact inquiries and security-review requests (leads): their attachments, the documents asked for, the NDA accepted and each download",
    countsFrom: "the lead's last activity",
    then: "The inquiry is anonymised, its attachment and its calls deleted; its stage stays for our figures.",
  },
  {
    key: "meetings",
    variable: "RETENTION_MEETING_DAYS",
    defaultDays: 365,
    data: "Calls booked with us from a lead: their time, the buyer's time zone, how they were booked and the reminders sent",
    countsFrom: "the call ended or was cancelled",
    then: "The call is deleted (sooner when its lead is anonymised or erased).",
  },
  {
    key: "commentEmails",
    variable: "RETENTION_COMMENT_EMAIL_DAYS",
    defaultDays: 180,
    data: "A blog commenter's e-mail address and network address",
    countsFrom: "the comment was posted",
    then: "Both addresses are cleared; the comment stays under its name.",
  },
  {
    key: "spamSenders",
    variable: "RETENTION_SPAM_SENDER_DAYS",
    defaultDays: 365,
    data: "Keyed fingerprints of the e-mail and network address of a commenter marked as spam (not the addresses themselves)",
    countsFrom: "the sender was marked as spam",
    then: "The fingerprint is deleted; that sender's comments are no longer held for it.",
  },
  {
    key: "webhookDeliveries",
    variable: "RETENTION_WEBHOOK_DAYS",
    defaultDays: 30,
    data: "Copies of leads and applications sent to the sales team's customer-relationship system (webhook deliveries, with the log of each attempt)",
    countsFrom: "the delivery was made",
    then: "The copy and its log are deleted (what the customer-relationship system holds is kept under its own terms).",
  },
  {
    key: "shortLived",
    variable: "RETENTION_SHORT_LIVED_DAYS",
    defaultDays: 30,
    data: "Ended staff sessions, e-mail codes, rate-limit records, the network fingerprints of comment reports and the mail log",
    countsFrom: "they end or expire",
    then: "They are deleted.",
  },
  {
    key: "auditAddresses",
    variable: "AUDIT_ADDRESS_DAYS",
    defaultDays: 30,
    data: "Full network addresses in the staff audit trail",
    countsFrom: "the entry was written",
    then: "The address is shortened (IPv4 to its /24 network, IPv6 to its /48).",
  },
  {
    key: "audit",
    variable: "AUDIT_RETENTION_DAYS",
    defaultDays: 365,
    data: "Staff audit trail entries (who changed what, and sign-ins)",
    countsFrom: "the entry was written",
    then: "The entry is deleted.",
  },
] as const satisfies readonly RetentionKind[];

export type RetentionKey = (typeof RETENTION_KINDS)[number]["key"];
export type RetentionVariable = (typeof RETENTION_KINDS)[number]["variable"];
/** The lifetime in days of each kind of personal data. */
export type RetentionDays = Record<RetentionKey, number>;

/** The rule of every retention variable: whole days from 1 to 3650, the kind's default when unset. */
export function retentionField(variable: string, defaultDays: number) {
  const msg = `${variable} must be a whole number of days from 1 to 3650`;
  return z.preprocess(
    (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v),
    z.coerce.number(msg).int(msg).min(1, msg).max(3650, msg).default(defaultDays),
  );
}

/** The zod shape of the retention variables, for the env schemas. */
export const retentionShape = Object.fromEntries(
  RETENTION_KINDS.map((k) => [k.variable, retentionField(k.variable, k.defaultDays)]),
) as Record<RetentionVariable, ReturnType<typeof retentionField>>;

/** The lifetimes from validated settings (the parsed variables of either env schema). */
export function retentionDays(parsed: Record<RetentionVariable, number>): RetentionDays {
  return Object.fromEntries(RETENTION_KINDS.map((k) => [k.key, parsed[k.variable]])) as RetentionDays;
}

/** "365 days", "1 day": the notice's and the mails' way of saying a lifetime. */
export function formatDays(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}
