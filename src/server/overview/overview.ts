/**
 * The dashboard's overview: this week's and last week's new leads, leads by stage, unanswered FAQ
 * questions, applications waiting for a decision, comments of the last 7 days and those waiting
 * for review, and leads and applications per week over 12 weeks. Weeks start on Monday, 00:00 UTC (ISO weeks).
 */
import { LEAD_STAGES } from "../../shared/contact/pipeline";
import type { Overview } from "../../shared/overview/overview";
import type { Deps } from "../common/deps";

export const CHART_WEEKS = 12;
const DAY = 86_400_000;

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function overview({ db, now: clock }: Pick<Deps, "db" | "now">): Promise<Overview> {
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
  };
}
