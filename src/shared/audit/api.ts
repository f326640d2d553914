/** The dashboard's overview figures and the root_admin's audit trail. */
import * as z from "zod";
import "../common/zod-config";
import { auditQuery } from "./audit";
import { contract } from "../api/contract";
import { count, day, iso } from "../api/fields";

/** One entry of the audit trail. */
export const auditRecord = z.strictObject({
  id: z.number().int(),
  at: iso,
  /** The staff member's e-mail as it was then; null for an attempt that named no account. */
  who: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  address: z.string().nullable(),
  changes: z.record(z.string(), z.strictObject({ from: z.unknown(), to: z.unknown() })),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/** The dashboard overview's figures. */
/**
 * The dashboard's figures. Each group is there only for a role that reads its area
 * (src/shared/staff/permissions.ts): the leads' for leads, the careers' for candidates, the
 * comments' for blog; every member gets the dates.
 */
export const overviewFigures = z.strictObject({
  /** Today (UTC). */
  today: day,
  /** Monday of this week and of last week, and last week's Sunday (UTC dates). */
  thisWeekStart: day,
  lastWeekStart: day,
  lastWeekEnd: day,
  newLeads: z.strictObject({ thisWeek: count, lastWeek: count }).optional(),
  stages: z.array(z.strictObject({ stage: z.string(), count })).optional(),
  unansweredFaqs: count.optional(),
  /** Applications still New (no decision yet). */
  applicationsWaiting: count.optional(),
  /** Published comments of the last 7 days. */
  commentsLast7Days: count.optional(),
  /** Comments held for review, or public with reports since their last review. */
  commentsToReview: count.optional(),
  /** 12 weeks, oldest first; `start` is the week's Monday. */
  weeks: z.array(z.strictObject({ start: day, leads: count.optional(), applications: count.optional() })),
  /** Response times of the leads of the last `windowDays` days (RESPONSE_TARGET_*). */
  responses: z
    .strictObject({
      windowDays: count,
      /** The first-answer target, in minutes. */
      targetMinutes: count,
      /** Median minutes to a first answer, of the answered ones; null when none was answered. */
      medianFirstMinutes: z.number().nullable(),
      /** Of the leads whose first answer was given or is already due, how many got it within the target. */
      withinTarget: count,
      judged: count,
      /** Leads past either target now, still open (at any age). */
      overdueNow: count,
      /** The window's leads, and how many of them booked a call in the visit (on the thank-you page). */
      leads: count,
      bookedInVisit: count,
    })
    .optional(),
});
export type Overview = z.infer<typeof overviewFigures>;

export const overviewApi = contract({
  method: "GET",
  path: "/api/overview",
  summary: "The dashboard's figures: new leads, stages, what waits, twelve weeks of leads and applications",
  access: "overview:read",
  response: overviewFigures,
});

export const auditLogApi = contract({
  method: "GET",
  path: "/api/audit-log",
  summary: "The audit trail, newest first, filtered by who, action and days, paged",
  access: "audit:read",
  query: auditQuery,
  response: z.strictObject({
    entries: z.array(auditRecord),
    page: count,
    pageSize: count,
    total: count,
    hasMore: z.boolean(),
  }),
});

export const auditLogExportApi = contract({
  method: "GET",
  path: "/api/audit-log/export",
  summary: "The audit trail of the same filters as a CSV file",
  access: "audit:read",
  query: auditQuery,
  produces: "text/csv",
});

export const AUDIT = [overviewApi, auditLogApi, auditLogExportApi];
