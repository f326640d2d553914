import { useEffect, useState } from "react";
import { overviewApi, type Overview as Figures } from "../../../../shared/audit/api";
import { roleLabel, type StaffSession } from "../../../../shared/staff/staff";
import { formatDay, Notice, span, useNotice } from "../../admin-ui";
import { earlyCall } from "../../api";
import s from "../../admin.module.css";
import p from "../../pipeline.module.css";
import WeeklyChart, { seriesOf } from "./WeeklyChart";

/** The week's figures, asked for as soon as this code runs (and by the page: meta.ts's firstCall). */
const overview = earlyCall(overviewApi);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Dashboard screen 'Overview' (every role): the week's figures, each a link to its filtered list. */
export default function Overview({ session }: { session: StaffSession }) {
  const { notice, fail } = useNotice();
  const [data, setData] = useState<Figures | null>(() => overview.now() ?? null);

  useEffect(() => {
    // The same answer when the first render had it: React keeps the render it made.
    overview.take().then(setData).catch(fail);
  }, [fail]);

  return (
    <section className={s.screen} aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <p className={`${s.hint} ${p.intro}`}>
        Signed in as {session.email} ({roleLabel(session.role)}). Weeks start on Monday (UTC).
      </p>
      <Notice notice={notice} />
      {!data ? (
        <p>Loading the overview...</p>
      ) : (
        <>
          <h2 id="overview-week">This week</h2>
          <ul className={p.figures} aria-labelledby="overview-week">
            {data.newLeads && (
              <>
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
              </>
            )}
            {data.unansweredFaqs !== undefined && (
              <Figure
                value={data.unansweredFaqs}
                label="Unanswered FAQ questions"
                note="Hidden on the careers page until answered"
                href="/dashboard/candidates?filter=unanswered#comments"
              />
            )}
            {data.applicationsWaiting !== undefined && (
              <Figure
                value={data.applicationsWaiting}
                label="Applications waiting for a decision"
                note="Status New"
                href="/dashboard/candidates?status=New#candidates"
              />
            )}
            {data.commentsToReview !== undefined && (
              <Figure
                value={data.commentsToReview}
                label="Comments waiting for review"
                note="Held as possible spam, or reported"
                href="/dashboard/blog#moderation"
              />
            )}
            {data.commentsLast7Days !== undefined && (
              <Figure
                value={data.commentsLast7Days}
                label="Comments in the last 7 days"
                note="On blog posts"
                href="/dashboard/blog"
              />
            )}
          </ul>
          {data.responses && <Responses responses={data.responses} />}
          {data.stages && (
            <>
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
            </>
          )}
          {seriesOf(data.weeks).length > 0 && (
            <>
              <h2 id="overview-chart">
                {seriesOf(data.weeks)
                  .map((sr) => sr.label)
                  .join(" and ")}{" "}
                per week
              </h2>
              <WeeklyChart weeks={data.weeks} labelledBy="overview-chart" />
            </>
          )}
        </>
      )}
    </section>
  );
}

function Responses({ responses: r }: { responses: NonNullable<Figures["responses"]> }) {
  return (
    <>
      <h2 id="overview-responses">Response times, last {r.windowDays} days</h2>
      <ul className={p.figures} aria-labelledby="overview-responses">
        <Figure
          value={r.overdueNow}
          label="Leads overdue now"
          note="Past the first-answer or proposal target"
          href="/dashboard/leads?due=overdue&sort=due"
        />
        <Figure
          value={r.medianFirstMinutes === null ? "None answered" : span(r.medianFirstMinutes * 60_000)}
          label="Median time to a first answer"
          note={`Target: ${span(r.targetMinutes * 60_000)}`}
          href="/dashboard/leads?sort=oldest"
        />
        <Figure
          value={r.judged === 0 ? "None due yet" : `${Math.round((100 * r.withinTarget) / r.judged)} %`}
          label="First answers within target"
          note={`${r.withinTarget} of ${plural(r.judged, "lead")}`}
          href="/dashboard/leads"
        />
        <Figure
          value={r.leads === 0 ? "No leads yet" : `${Math.round((100 * r.bookedInVisit) / r.leads)} %`}
          label="Booked a call in the visit"
          note={`${r.bookedInVisit} of ${plural(r.leads, "lead")}`}
          href="/dashboard/leads"
        />
      </ul>
    </>
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
