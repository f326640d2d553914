import { useEffect, useState } from "react";
import { overviewApi, type Overview as Figures } from "../../../../shared/audit/api";
import type { StaffSession } from "../../../../shared/staff/staff";
import { formatDay, Notice, span, useNotice } from "../../admin-ui";
import { api } from "../../api";
import s from "../../admin.module.css";
import p from "../../pipeline.module.css";
import WeeklyChart from "./WeeklyChart";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Dashboard screen 'Overview' (every role): the week's figures, each a link to its filtered list. */
export default function Overview({ session }: { session: StaffSession }) {
  const { notice, fail } = useNotice();
  const [data, setData] = useState<Figures | null>(null);

  useEffect(() => {
    api(overviewApi).then(setData).catch(fail);
  }, [fail]);

  return (
    <section className={s.screen} aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <p className={`${s.hint} ${p.intro}`}>Signed in as {session.email}. Weeks start on Monday (UTC).</p>
      <Notice notice={notice} />
      {!data ? (
        <p>Loading the overview...</p>
      ) : (
        <>
          <h2 id="overview-week">This week</h2>
          <ul className={p.figures} aria-labelledby="overview-week">
            <Figure
              value={data.newLeads.thisWeek}
              label="New leads this week"
              note={`Since ${formatDay(`${data.thisWeekStart}T12:00:00Z`)}`}
              href={`/dashboard/leads?from=${data.thisWeekStart}`}
            />
            <Figure
              value={data.newLeads.lastWeek}
              label="New leads last week"
              note={`${formatDay(`${data.lastWeekStart}T12:00:00Z`)} to ${formatDay(`${data.lastWeekEnd}T12:00:00Z`)}`}
              href={`/dashboard/leads?from=${data.lastWeekStart}&to=${data.lastWeekEnd}`}
            />
            <Figure
              value={data.unansweredFaqs}
              label="Unanswered FAQ questions"
              note="Hidden on the careers page until answered"
              href="/dashboard/candidate?filter=unanswered#comments"
            />
            <Figure
              value={data.applicationsWaiting}
              label="Applications waiting for a decision"
              note="Status New"
              href="/dashboard/candidate?status=New#candidates"
            />
            <Figure
              value={data.commentsToReview}
              label="Comments waiting for review"
              note="Held as possible spam, or reported"
              href="/dashboard/admin_blog#moderation"
            />
            <Figure
              value={data.commentsLast7Days}
              label="Comments in the last 7 days"
              note="On blog posts"
              href="/dashboard/admin_blog"
            />
          </ul>
          <h2 id="overview-responses">Response times, last {data.responses.windowDays} days</h2>
          <ul className={p.figures} aria-labelledby="overview-responses">
            <Figure
              value={data.responses.overdueNow}
              label="Leads overdue now"
              note="Past the first-answer or proposal target"
              href="/dashboard/leads?due=overdue&sort=due"
            />
            <Figure
              value={
                data.responses.medianFirstMinutes === null
                  ? "None answered"
                  : span(data.responses.medianFirstMinutes * 60_000)
              }
              label="Median time to a first answer"
              note={`Target: ${span(data.responses.targetMinutes * 60_000)}`}
              href="/dashboard/leads?sort=oldest"
            />
            <Figure
              value={
                data.responses.judged === 0
                  ? "None due yet"
                  : `${Math.round((100 * data.responses.withinTarget) / data.responses.judged)} %`
              }
              label="First answers within target"
              note={`${data.responses.withinTarget} of ${plural(data.responses.judged, "lead")}`}
              href="/dashboard/leads"
            />
          </ul>
          <h2 id="overview-stages">Leads by stage</h2>
          <ul className={p.stages} aria-labelledby="overview-stages">
            {data.stages.map((st) => (
              <li key={st.stage}>
                <a href={`/dashboard/leads?stage=${encodeURIComponent(st.stage)}`}>
                  {st.stage} <strong>{st.count}</strong>
                  <span className="visually-hidden"> {plural(st.count, "lead")}</span>
                </a>
              </li>
            ))}
          </ul>
          <h2 id="overview-chart">Leads and applications per week</h2>
          <WeeklyChart weeks={data.weeks} labelledBy="overview-chart" />
        </>
      )}
    </section>
  );
}

function Figure({
  value,
  label,
  note,
  href,
}: {
  value: number | string;
  label: string;
  note: string;
  href: string;
}) {
  return (
    <li>
      <a className={p.figure} href={href}>
        <span className={p.figureValue}>{value}</span>
        <span className={p.figureLabel}>{label}</span>
        <span className={p.figureNote}>{note}</span>
      </a>
    </li>
  );
}
