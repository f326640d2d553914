/**
 * The dashboard's overview: this week's and last week's new leads, leads by stage, unanswered FAQ
 * questions, applications waiting for a decision, comments of the last 7 days and those waiting
 * for review, and leads and applications per week over 12 weeks. Weeks start on Monday, 00:00 UTC (ISO weeks).
 */
import { LEAD_STAGES } from "../../shared/contact/pipeline";
import type { Overview } from "../../shared/audit/api";
import type { Deps } from "../common/deps";
import { may } from "../../shared/staff/permissions";
import type { Role } from "../../shared/staff/staff";
import { dueBetween, minutes } from "../common/lead-targets";

export const CHART_WEEKS = 12;
const DAY = 86_400_000;

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The window of the response-time figures. */
export const RESPONSE_WINDOW_DAYS = 30;

/**
 * The response-time figures of the leads that arrived in the last 30 days (merged ones aside):
 * the median time to a first answer (of those answered), how many of those whose first answer is
 * judged (given, or already due) got it within the target, and the leads overdue now (either
 * target, at any age).
 */
export async function responseFigures({
  db,
  now: clock,
  env,
}: Pick<Deps, "db" | "now" | "env">): Promise<Overview["responses"]> {
  const now = clock().toISOString();
  const t = env.targets;
  const [r] = await db.query<{
    median: number | null;
    within: number;
    judged: number;
    overdue: number;
    leads: number;
    booked: number;
  }>(
    `SELECT
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.first_response_at - i.created_at) / 60)
          FROM inquiries i WHERE ${RECENT} AND i.first_response_at IS NOT NULL) AS median,
       (SELECT count(*)::int FROM inquiries i WHERE ${RECENT}
           AND i.first_response_at <= i.created_at + ${minutes(t.firstMinutes)}) AS within,
       (SELECT count(*)::int FROM inquiries i WHERE ${RECENT}
           AND (i.first_response_at IS NOT NULL OR i.created_at < $1::timestamptz - ${minutes(t.firstMinutes)})) AS judged,
       (SELECT count(*)::int FROM inquiries i WHERE ${dueBetween(t, undefined, "$1::timestamptz")}) AS overdue,
       (SELECT count(*)::int FROM inquiries i WHERE ${RECENT}) AS leads,
       (SELECT count(*)::int FROM inquiries i WHERE ${RECENT}
           AND EXISTS (SELECT 1 FROM meetings m WHERE m.inquiry_id = i.id AND m.booked_via = 'visit')) AS booked`,
    [now],
  );
  return {
    windowDays: RESPONSE_WINDOW_DAYS,
    targetMinutes: t.firstMinutes,
    medianFirstMinutes: r!.median === null ? null : Math.round(Number(r!.median) * 10) / 10,
    withinTarget: r!.within,
    judged: r!.judged,
    overdueNow: r!.overdue,
    leads: r!.leads,
    bookedInVisit: r!.booked,
  };
}

const RECENT = `i.merged_into IS NULL AND i.created_at >= $1::timestamptz - interval '${RESPONSE_WINDOW_DAYS} days'`;

/** The figures a role's member sees: those of the areas they read (a sales member, the leads'). */
export async function overviewFor(deps: Pick<Deps, "db" | "now" | "env">, role: Role): Promise<Overview> {
  const all = await overview(deps);
  const leads = may(role, "leads:read");
  const careers = may(role, "candidates:read");
  const blog = may(role, "blog:read");
  return {
    today: all.today,
    thisWeekStart: all.thisWeekStart,
    lastWeekStart: all.lastWeekStart,
    lastWeekEnd: all.lastWeekEnd,
    ...(leads ? { newLeads: all.newLeads, stages: all.stages, responses: all.responses } : {}),
    ...(careers ? { unansweredFaqs: all.unansweredFaqs, applicationsWaiting: all.applicationsWaiting } : {}),
    ...(blog ? { commentsLast7Days: all.commentsLast7Days, commentsToReview: all.commentsToReview } : {}),
    weeks: all.weeks.map((w) => ({
      start: w.start,
      ...(leads ? { leads: w.leads } : {}),
      ...(careers ? { applications: w.applications } : {}),
    })),
  };
}

export async function overview(deps: Pick<Deps, "db" | "now" | "env">): Promise<Overview> {
  const { db, now: clock } = deps;
  const now = clock();
  const thisWeek = weekStart(now);
  const lastWeek = new Date(thisWeek.getTime() - 7 * DAY);
  const first = new Date(thisWeek.getTime() - (CHART_WEEKS - 1) * 7 * DAY);
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const [counts] = await db.query<{
    this_week: number;
    last_week: number;
    unanswered: number;
    waiting: number;
    comments: number;
    review: number;
  }>(
    `SELECT (SELECT count(*)::int FROM inquiries WHERE created_at >= $1 AND created_at <= $4) AS this_week,
            (SELECT count(*)::int FROM inquiries WHERE created_at >= $2 AND created_at < $1) AS last_week,
            (SELECT count(*)::int FROM faqs WHERE answer IS NULL) AS unanswered,
            (SELECT count(*)::int FROM applications WHERE status = 'New') AS waiting,
            (SELECT count(*)::int FROM comments WHERE date >= $3 AND date <= $4 AND status = 'published') AS comments,
            (SELECT count(*)::int FROM comments
              WHERE status = 'held' OR (status = 'published' AND report_count > 0)) AS review`,
    [thisWeek.toISOString(), lastWeek.toISOString(), weekAgo.toISOString(), now.toISOString()],
  );
  const stages = await db.query<{ stage: string; n: number }>(
    "SELECT stage, count(*)::int AS n FROM inquiries GROUP BY stage",
  );
  const week = "to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')";
  const perWeek = await db.query<{ kind: string; week: string; n: number }>(
    `SELECT 'lead' AS kind, ${week} AS week, count(*)::int AS n
       FROM inquiries WHERE created_at >= $1 AND created_at <= $2 GROUP BY 2
     UNION ALL
     SELECT 'application', ${week}, count(*)::int
       FROM applications WHERE created_at >= $1 AND created_at <= $2 GROUP BY 2`,
    [first.toISOString(), now.toISOString()],
  );
  const weeks = Array.from({ length: CHART_WEEKS }, (_, i) => {
    const start = day(new Date(first.getTime() + i * 7 * DAY));
    const of = (kind: string) =>
      perWeek.filter((r) => r.kind === kind && r.week === start).reduce((a, r) => a + r.n, 0);
    return { start, leads: of("lead"), applications: of("application") };
  });
  const byStage = new Map(stages.map((r) => [r.stage, r.n]));
  return {
    today: day(now),
    thisWeekStart: day(thisWeek),
    lastWeekStart: day(lastWeek),
    lastWeekEnd: day(new Date(thisWeek.getTime() - DAY)),
    newLeads: { thisWeek: counts!.this_week, lastWeek: counts!.last_week },
    stages: LEAD_STAGES.map((stage) => ({ stage, count: byStage.get(stage) ?? 0 })),
    unansweredFaqs: counts!.unanswered,
    applicationsWaiting: counts!.waiting,
    commentsLast7Days: counts!.comments,
    commentsToReview: counts!.review,
    weeks,
    responses: await responseFigures(deps),
  };
}
